import { dehydrate, QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it } from "vitest";
import { forgetBroughtByPage, keepBroughtByPage, readSsrState, serializeSsrState, staleAfterVisit } from "./ssr-state";

afterEach(forgetBroughtByPage);

describe("staleAfterVisit", () => {
  it("keeps what the page brought fresh until the reader leaves the page, and nothing else", async () => {
    const server = new QueryClient();
    await server.prefetchQuery({ queryKey: ["home"], queryFn: () => ({ sections: [] }) });
    const client = new QueryClient();
    const home = client.getQueryCache().build(client, { queryKey: ["home"] });
    const progress = client.getQueryCache().build(client, { queryKey: ["reader", "b1", "progress"] });
    expect(staleAfterVisit(home)).toBe(0);

    keepBroughtByPage(dehydrate(server));
    expect(staleAfterVisit(home)).toBe(Number.POSITIVE_INFINITY);
    expect(staleAfterVisit(progress)).toBe(0);

    forgetBroughtByPage();
    expect(staleAfterVisit(home)).toBe(0);
  });
});

describe("the state tag", () => {
  it("reads back what was written, with no `<` left to close the element", () => {
    const state = { queries: { mutations: [], queries: [] }, router: { loaderData: { title: "</script><!--" } } };
    const text = serializeSsrState(state);
    expect(text).not.toContain("<");
    const doc = document.implementation.createHTMLDocument();
    doc.body.innerHTML = `<script type="application/json" id="quire-state">${text}</script>`;
    expect(readSsrState(doc)).toEqual(state);
  });
});
