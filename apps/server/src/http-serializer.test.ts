import Fastify from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkedSerializerCompiler, fastSerializerCompiler } from "./http-serializer";

const Response = z.object({ id: z.string(), count: z.number().int() });

async function appReturning(body: unknown, serializer: typeof checkedSerializerCompiler) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializer);
  app.get("/thing", { schema: { response: { 200: Response } } }, async () => body);
  await app.ready();
  return app;
}

describe("response serialisation", () => {
  it("sends a response that matches its contract unchanged", async () => {
    const app = await appReturning({ count: 3, id: "a" }, checkedSerializerCompiler);
    const response = await app.inject({ method: "GET", url: "/thing" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ id: "a", count: 3 });
  });

  it("fails, in development and tests, on a field the contract does not name", async () => {
    const app = await appReturning({ id: "a", count: 3, email: "leak@example.com" }, checkedSerializerCompiler);
    const response = await app.inject({ method: "GET", url: "/thing" });
    expect(response.statusCode).toBe(500);
    expect(response.body).not.toContain("leak@example.com");
  });

  it("fails on a value the contract rejects", async () => {
    const app = await appReturning({ id: "a", count: 2.5 }, checkedSerializerCompiler);
    expect((await app.inject({ method: "GET", url: "/thing" })).statusCode).toBe(500);
  });

  it("serialises with plain JSON in production", async () => {
    const app = await appReturning({ id: "a", count: 3 }, fastSerializerCompiler);
    expect((await app.inject({ method: "GET", url: "/thing" })).body).toBe('{"id":"a","count":3}');
  });
});
