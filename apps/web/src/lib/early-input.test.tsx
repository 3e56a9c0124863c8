import { readFileSync } from "node:fs";
import { join } from "node:path";
import { type ReactNode, useEffect, useState } from "react";
import { hydrateRoot, type Root } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { replayEarlyInput } from "./early-input";

// The script the server-rendered page runs before the app (its loader part finds no entry here and stops).
const EARLY_SCRIPT = readFileSync(join(import.meta.dirname, "../../public/start-after-paint.js"), "utf8");
const html = document.documentElement;
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
const wasActEnvironment = actEnvironment.IS_REACT_ACT_ENVIRONMENT;

/** As main.tsx does: marked started, then the replay, once hydration has committed. */
function AppStarted() {
  useEffect(() => {
    html.setAttribute("data-app-started", "");
    void replayEarlyInput();
  }, []);
  return null;
}

function SearchForm({ onStar, onSearch }: { onStar(): void; onSearch(text: string): void }) {
  const [text, setText] = useState("");
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(text);
      }}
    >
      <input aria-label="Search" value={text} onChange={(event) => setText(event.target.value)} />
      <textarea aria-label="Note" defaultValue="server note" />
      <output>{text}</output>
      <button type="button" onClick={onStar}>
        Star
      </button>
      <button type="submit">Search</button>
      <a href="#elsewhere">Elsewhere</a>
    </form>
  );
}

let container: HTMLElement;
let root: Root | undefined;

function serverRender(app: ReactNode) {
  container.innerHTML = renderToString(app);
}

async function startApp(app: ReactNode) {
  root = hydrateRoot(
    container,
    <>
      {app}
      <AppStarted />
    </>,
  );
  await vi.waitFor(() => expect(html.hasAttribute("data-app-started")).toBe(true));
  await new Promise((resolve) => setTimeout(resolve, 0));
}

function typeBeforeStart(field: HTMLInputElement | HTMLTextAreaElement, text: string) {
  field.focus();
  field.value = text;
  field.dispatchEvent(new Event("input", { bubbles: true }));
}

const byLabel = <T extends Element>(label: string) => container.querySelector<T & Element>(`[aria-label="${label}"]`);
const byText = (text: string) =>
  [...container.querySelectorAll<HTMLElement>("button, a")].find((element) => element.textContent === text);

describe("early taps and typing, replayed once the app has started", () => {
  beforeAll(() => {
    // The replay is timed by React's own scheduling, as in the browser, not by act().
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    new Function(EARLY_SCRIPT)();
  });
  afterAll(() => {
    actEnvironment.IS_REACT_ACT_ENVIRONMENT = wasActEnvironment;
  });
  beforeEach(() => {
    html.removeAttribute("data-app-started");
    container = document.body.appendChild(document.createElement("div"));
  });
  afterEach(() => {
    root?.unmount();
    root = undefined;
    container.remove();
    delete window.__quireEarly;
  });

  it("gives a React-controlled field the text typed before hydration, keeping focus and caret", async () => {
    const app = <SearchForm onStar={() => {}} onSearch={() => {}} />;
    serverRender(app);
    const field = byLabel<HTMLInputElement>("Search");
    if (!field) throw new Error("no search field");
    typeBeforeStart(field, "dragons");
    field.setSelectionRange(3, 3);

    await startApp(app);
    // React's state has the text (its output shows it), the field keeps it, and the reader's caret is where it was.
    await vi.waitFor(() => expect(container.querySelector("output")?.textContent).toBe("dragons"));
    expect(field.value).toBe("dragons");
    expect(document.activeElement).toBe(field);
    expect([field.selectionStart, field.selectionEnd]).toEqual([3, 3]);
    expect(window.__quireEarly).toBeUndefined();
  });

  it("puts back text React's render wiped before the replay, the caret at its end", async () => {
    const app = <SearchForm onStar={() => {}} onSearch={() => {}} />;
    serverRender(app);
    const field = byLabel<HTMLInputElement>("Search");
    if (!field) throw new Error("no search field");
    typeBeforeStart(field, "night");
    field.value = "";

    await startApp(app);
    await vi.waitFor(() => expect(container.querySelector("output")?.textContent).toBe("night"));
    expect([field.selectionStart, field.selectionEnd]).toEqual([5, 5]);
  });

  it("presses a button tapped several times before the start once, after the typed text has reached the app", async () => {
    const onStar = vi.fn();
    const onSearch = vi.fn();
    const app = <SearchForm onStar={onStar} onSearch={onSearch} />;
    serverRender(app);
    const star = byText("Star");
    const submit = byText("Search");
    const field = byLabel<HTMLInputElement>("Search");
    if (!star || !submit || !field) throw new Error("form incomplete");
    const nativeSubmits = vi.fn();
    container.addEventListener("submit", nativeSubmits);

    star.click();
    star.click();
    star.click();
    typeBeforeStart(field, "moths");
    submit.click();
    // Held, not done: no native submission (which would reload the page), a cue on each held button.
    expect(nativeSubmits).not.toHaveBeenCalled();
    expect(star.hasAttribute("data-early-pressed")).toBe(true);
    expect(submit.hasAttribute("data-early-pressed")).toBe(true);

    await startApp(app);
    await vi.waitFor(() => expect(onSearch).toHaveBeenCalledWith("moths"));
    expect(onStar).toHaveBeenCalledTimes(1);
    expect(onSearch).toHaveBeenCalledTimes(1);
    expect(star.hasAttribute("data-early-pressed")).toBe(false);
    expect(submit.hasAttribute("data-early-pressed")).toBe(false);
  });

  it("leaves links to the browser, skips a held button since disabled or removed, and holds nothing once started", async () => {
    const onStar = vi.fn();
    const app = <SearchForm onStar={onStar} onSearch={() => {}} />;
    serverRender(app);
    const link = byText("Elsewhere");
    const star = byText("Star") as HTMLButtonElement | undefined;
    if (!link || !star) throw new Error("form incomplete");
    const linkClick = new MouseEvent("click", { bubbles: true, cancelable: true });
    link.dispatchEvent(linkClick);
    expect(linkClick.defaultPrevented).toBe(false);

    star.click();
    star.disabled = true;
    await startApp(app);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(onStar).not.toHaveBeenCalled();
    expect(star.hasAttribute("data-early-pressed")).toBe(false);

    star.disabled = false;
    star.click();
    expect(onStar).toHaveBeenCalledTimes(1);
    expect(window.__quireEarly).toBeUndefined();
  });

  it("replays nothing into a field whose text is the server's", async () => {
    const app = <SearchForm onStar={() => {}} onSearch={() => {}} />;
    serverRender(app);
    const note = byLabel<HTMLTextAreaElement>("Note");
    if (!note) throw new Error("no note");
    const edits = vi.fn();
    note.addEventListener("input", edits);
    typeBeforeStart(note, "server note");
    edits.mockClear();

    await startApp(app);
    expect(edits).not.toHaveBeenCalled();
    expect(note.value).toBe("server note");
  });
});
