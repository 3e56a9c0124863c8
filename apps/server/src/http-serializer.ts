import { isDeepStrictEqual } from "node:util";
import type { FastifySerializerCompiler } from "fastify/types/schema";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";

/**
 * Production serialises responses with plain JSON.stringify: presenters build exactly the contract's
 * shape, and checking it again on every response cost more than the database lookup behind it.
 */
export const fastSerializerCompiler: FastifySerializerCompiler<unknown> = () => (data) => JSON.stringify(data);

/**
 * Development and tests serialise the same way, then prove the bytes are exactly what the zod
 * contract allows: a field the contract does not name, or a value it would reject, fails the
 * request instead of being stripped quietly (which would hide a leak that production would send).
 */
export const checkedSerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const contractSerialize = zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
  return (data) => {
    const contractJson = contractSerialize(data);
    const json = JSON.stringify(data);
    if (!isDeepStrictEqual(JSON.parse(json), JSON.parse(contractJson))) {
      throw new Error(
        `${routeSchema.method} ${routeSchema.url}: the response has fields or values outside its contract`,
      );
    }
    return json;
  };
};
