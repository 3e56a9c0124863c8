import { ApiErrorBodySchema } from "@quire/core";
import Fastify from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerErrorHandling } from "../http-errors";
import { route, routeSchema } from "./route";

const Thing = z.object({ id: z.string(), name: z.string() });

const things = {
  create: {
    operationId: "things.create",
    method: "POST",
    path: "/things/:id",
    params: z.object({ id: z.string().min(2) }),
    body: z.object({ name: z.string() }),
    response: Thing,
    status: 201,
    errors: [400, 404],
  },
  list: {
    operationId: "things.list",
    method: "GET",
    path: "/things",
    query: z.object({ cursor: z.string().optional() }),
    response: z.object({ cursor: z.string().nullable() }),
  },
  remove: { operationId: "things.remove", method: "DELETE", path: "/things/:id", status: 204, errors: [404] },
} as const;

async function appWith(register: (app: ReturnType<typeof zodApp>) => void) {
  const app = zodApp();
  register(app);
  await app.ready();
  return app;
}

function zodApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  return app;
}

describe("route", () => {
  it("registers the contract's method and path, validates its input and answers its success status", async () => {
    const app = await appWith((app) => {
      route(app, things.create, async (request) => ({ id: request.params.id, name: request.body.name }));
      route(app, things.remove, async () => {});
    });

    const created = await app.inject({ method: "POST", url: "/things/ab", payload: { name: "Quire" } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ id: "ab", name: "Quire" });

    const badParams = await app.inject({ method: "POST", url: "/things/a", payload: { name: "Quire" } });
    expect(badParams.statusCode).toBe(400);
    expect(badParams.json().error).toMatchObject({ code: "invalid-argument" });
    expect((await app.inject({ method: "POST", url: "/things/ab", payload: {} })).statusCode).toBe(400);

    const removed = await app.inject({ method: "DELETE", url: "/things/ab" });
    expect(removed.statusCode).toBe(204);
    expect(removed.body).toBe("");
  });

  it("reads a contract's `query` as the query string and keeps route options such as hooks", async () => {
    const app = await appWith((app) =>
      route(
        app,
        things.list,
        {
          preValidation: async (_request, reply) => {
            reply.header("x-checked", "yes");
          },
        },
        async (request) => ({ cursor: request.query.cursor ?? null }),
      ),
    );
    const response = await app.inject({ method: "GET", url: "/things?cursor=abc" });
    expect(response.json()).toEqual({ cursor: "abc" });
    expect(response.headers["x-checked"]).toBe("yes");
  });

  it("documents the operation: its id, tag, inputs, success answer and every refusal as the one error body", () => {
    expect(routeSchema(things.create)).toEqual({
      operationId: "things.create",
      tags: ["things"],
      params: things.create.params,
      body: things.create.body,
      response: { 201: Thing, 400: ApiErrorBodySchema, 404: ApiErrorBodySchema },
    });
    expect(routeSchema(things.list)).toMatchObject({ querystring: things.list.query });
    const removeResponses = routeSchema(things.remove).response ?? {};
    expect(Object.keys(removeResponses)).toEqual(["204", "404"]);
    expect(routeSchema({ operationId: "health", method: "GET", path: "/health" })).toEqual({
      operationId: "health",
      tags: ["health"],
    });
  });
});
