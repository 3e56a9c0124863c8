import {
  accountDeletionContract,
  analyticsEventsContract,
  analyticsSummaryContract,
  annotationsContract,
  authContract,
  bookSearchContract,
  catalogContract,
  devicePasswordsContract,
  exportContract,
  feedContract,
  homeContract,
  libraryContract,
  localeContract,
  plusContract,
  profileContract,
  pushContract,
  readerSettingsContract,
  readingActivityContract,
  readingContract,
  searchContract,
  socialAuthContract,
  socialContract,
  studioContract,
  uploadsContract,
} from "@quire/core";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../../../test/test-app";
import { useTestDatabase } from "../../../test/test-db";

/** `:id` → `{id}`, and a trailing wildcard (a book file's path) → `{*}`, as @fastify/swagger writes them. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, "{$1}").replace(/\/\*$/, "/{*}");

describe("OpenAPI document", () => {
  const testDb = useTestDatabase("sqlite");
  const t = useTestApp(testDb);

  it("is OpenAPI 3 and covers every API route with its operation id and schemas", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/v1/openapi.json" });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    const contract = {
      ...catalogContract,
      ...authContract,
      ...profileContract,
      ...accountDeletionContract,
      ...uploadsContract,
      ...socialAuthContract,
      ...socialContract,
      ...readingContract,
      ...readingActivityContract,
      ...searchContract,
      ...bookSearchContract,
      ...libraryContract,
      ...studioContract,
      ...feedContract,
      ...homeContract,
      ...pushContract,
      ...annotationsContract,
      ...readerSettingsContract,
      ...devicePasswordsContract,
      ...exportContract,
      ...analyticsEventsContract,
      ...analyticsSummaryContract,
      ...localeContract,
      ...plusContract,
    };
    for (const [operationId, route] of Object.entries(contract)) {
      const path = openApiPath(route.path);
      const operation = doc.paths[path]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${path}`).toBeDefined();
      expect(operation.operationId).toBe(operationId);
      expect(operation.responses).toBeDefined();
    }
    const list = doc.paths["/api/v1/books"].get;
    const pageSize = list.parameters.find((p: { name: string }) => p.name === "pageSize");
    expect(pageSize).toMatchObject({ in: "query" });
    // Development-only routes (the mail outbox) are not part of the API.
    const documented = Object.keys(doc.paths).filter((path) => path.startsWith("/api/"));
    expect(documented.sort()).toEqual([...new Set(Object.values(contract).map((r) => openApiPath(r.path)))].sort());
  });
});
