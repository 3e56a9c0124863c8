/**
 * The DOM of a book's frame, reached through the prototypes rather than the document's own
 * properties. A document exposes some elements under their `name` (and `id`) as properties of its
 * own, which win over the prototype: `<img name="querySelector">` in a chapter makes
 * `doc.querySelector` that image (DOM clobbering). The importer strips such names; the reader does
 * not rely on it.
 */

/** The accessor where the prototype chain defines it (browsers: on Document.prototype itself). */
function getterOf<T>(prototype: object | undefined, property: string): (target: object) => T | undefined {
  let get: (() => unknown) | undefined;
  for (let at: object | null | undefined = prototype; at && !get; at = Object.getPrototypeOf(at)) {
    get = Object.getOwnPropertyDescriptor(at, property)?.get;
  }
  return (target) => (get ? (get.call(target) as T) : undefined);
}

// The server renders the reader too (entry-server.tsx), where there is no Document; frames exist only in browsers.
const DOCUMENT = typeof Document === "undefined" ? undefined : Document.prototype;
const documentElementOf = getterOf<HTMLElement>(DOCUMENT, "documentElement");
const scrollingElementOf = getterOf<Element | null>(DOCUMENT, "scrollingElement");
const fontsOf = getterOf<FontFaceSet>(DOCUMENT, "fonts");
const bodyOf = getterOf<HTMLElement | null>(DOCUMENT, "body");
const readyStateOf = getterOf<DocumentReadyState>(DOCUMENT, "readyState");

export const frameDom = {
  querySelector: (doc: Document, selectors: string): Element | null =>
    Document.prototype.querySelector.call(doc, selectors),
  getElementById: (doc: Document, id: string): HTMLElement | null => Document.prototype.getElementById.call(doc, id),
  getElementsByName: (doc: Document, name: string): NodeListOf<HTMLElement> =>
    Document.prototype.getElementsByName.call(doc, name),
  getSelection: (doc: Document): Selection | null => Document.prototype.getSelection.call(doc),
  addEventListener: <K extends keyof DocumentEventMap>(
    doc: Document,
    type: K,
    listener: (event: DocumentEventMap[K]) => void,
    options?: AddEventListenerOptions | boolean,
  ): void => EventTarget.prototype.addEventListener.call(doc, type, listener as EventListener, options),
  documentElement: (doc: Document): HTMLElement | undefined => documentElementOf(doc),
  scrollingElement: (doc: Document): Element | null => scrollingElementOf(doc) ?? null,
  fonts: (doc: Document): FontFaceSet | undefined => fontsOf(doc),
  body: (doc: Document): HTMLElement | null => bodyOf(doc) ?? null,
  readyState: (doc: Document): DocumentReadyState | undefined => readyStateOf(doc),
};
