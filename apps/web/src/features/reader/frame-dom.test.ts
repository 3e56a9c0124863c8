import { describe, expect, it } from "vitest";
import { frameDom } from "./frame-dom";

/** A document whose own properties an element has taken, as a browser does for `<img name="…">`. */
function clobberedDocument() {
  const doc = document.implementation.createHTMLDocument("book");
  doc.body.innerHTML = '<div class="quire-book"><p id="first">Text</p></div><img name="querySelector">';
  const image = doc.querySelector("img");
  const paragraph = doc.getElementById("first") as HTMLElement;
  const taken = ["querySelector", "getElementById", "getElementsByName", "getSelection", "addEventListener"];
  for (const property of [...taken, "documentElement", "readyState"]) {
    Object.defineProperty(doc, property, { value: image, configurable: true });
  }
  return { doc, paragraph };
}

describe("frameDom", () => {
  it("reaches the document's real methods and properties when elements have taken their names", () => {
    const { doc, paragraph } = clobberedDocument();
    expect(() => (doc.querySelector as unknown as (selectors: string) => void)(".quire-book")).toThrow(TypeError);
    expect(frameDom.querySelector(doc, ".quire-book")?.className).toBe("quire-book");
    expect(frameDom.getElementById(doc, "first")?.textContent).toBe("Text");
    expect(frameDom.documentElement(doc)?.tagName).toBe("HTML");
    expect(frameDom.readyState(doc)).toMatch(/^(loading|interactive|complete)$/);
    expect(frameDom.getElementsByName(doc, "querySelector")[0]?.tagName).toBe("IMG");
    expect(frameDom.getSelection(doc)).not.toBeUndefined();
    const clicks: string[] = [];
    frameDom.addEventListener(doc, "click", (event) => clicks.push(event.type));
    paragraph.dispatchEvent(new MouseEvent("click", { bubbles: true }));
    expect(clicks).toEqual(["click"]);
  });

  it("finds the body when an element has taken its name", () => {
    const doc = document.implementation.createHTMLDocument("book");
    doc.body.innerHTML = '<form name="body"></form>';
    Object.defineProperty(doc, "body", { value: doc.querySelector("form"), configurable: true });
    expect(frameDom.body(doc)?.tagName).toBe("BODY");
  });
});
