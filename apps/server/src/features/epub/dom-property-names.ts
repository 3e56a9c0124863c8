/**
 * Names a chapter's ids must not take: every property of a document (Document, Node, EventTarget and
 * Object, as Chromium lists them). An element the browser exposes by name or id on `document` would
 * replace that property for whoever calls it (`<img name="querySelector">` breaks `document.querySelector`:
 * DOM clobbering). The sanitiser drops `name` altogether; this list keeps ids out of the way as well.
 */
// biome-ignore format: a word list reads better as a paragraph
const DOCUMENT_PROPERTY_NAMES = new Set([
  "ATTRIBUTE_NODE", "CDATA_SECTION_NODE", "COMMENT_NODE", "DOCUMENT_FRAGMENT_NODE", "DOCUMENT_NODE",
  "DOCUMENT_POSITION_CONTAINED_BY", "DOCUMENT_POSITION_CONTAINS", "DOCUMENT_POSITION_DISCONNECTED",
  "DOCUMENT_POSITION_FOLLOWING", "DOCUMENT_POSITION_IMPLEMENTATION_SPECIFIC", "DOCUMENT_POSITION_PRECEDING",
  "DOCUMENT_TYPE_NODE", "ELEMENT_NODE", "ENTITY_NODE", "ENTITY_REFERENCE_NODE", "NOTATION_NODE",
  "PROCESSING_INSTRUCTION_NODE", "TEXT_NODE", "URL", "__defineGetter__", "__defineSetter__", "__lookupGetter__",
  "__lookupSetter__", "__proto__", "activeElement", "activeViewTransition", "addEventListener", "adoptNode",
  "adoptedStyleSheets", "alinkColor", "all", "anchors", "append", "appendChild", "applets", "ariaNotify", "baseURI",
  "bgColor", "body", "captureEvents", "caretPositionFromPoint", "caretRangeFromPoint", "characterSet", "charset",
  "childElementCount", "childNodes", "children", "clear", "cloneNode", "close", "compareDocumentPosition",
  "compatMode", "constructor", "contains", "contentType", "cookie", "createAttribute", "createAttributeNS",
  "createCDATASection", "createComment", "createDocumentFragment", "createElement", "createElementNS", "createEvent",
  "createExpression", "createNSResolver", "createNodeIterator", "createProcessingInstruction", "createRange",
  "createTextNode", "createTreeWalker", "currentScript", "customElementRegistry", "defaultView", "designMode", "dir",
  "dispatchEvent", "doctype", "documentElement", "documentURI", "domain", "elementFromPoint", "elementsFromPoint",
  "embeds", "evaluate", "execCommand", "exitFullscreen", "exitPictureInPicture", "exitPointerLock", "featurePolicy",
  "fgColor", "firstChild", "firstElementChild", "fonts", "forms", "fragmentDirective", "fullscreen",
  "fullscreenElement", "fullscreenEnabled", "getAnimations", "getElementById", "getElementsByClassName",
  "getElementsByName", "getElementsByTagName", "getElementsByTagNameNS", "getRootNode", "getSelection",
  "hasChildNodes", "hasFocus", "hasOwnProperty", "hasStorageAccess", "hasUnpartitionedCookieAccess", "head", "hidden",
  "images", "implementation", "importNode", "inputEncoding", "insertBefore", "isConnected", "isDefaultNamespace",
  "isEqualNode", "isPrototypeOf", "isSameNode", "lastChild", "lastElementChild", "lastModified", "linkColor", "links",
  "location", "lookupNamespaceURI", "lookupPrefix", "moveBefore", "nextSibling", "nodeName", "nodeType", "nodeValue",
  "normalize", "onabort", "onanimationcancel", "onanimationend", "onanimationiteration", "onanimationstart",
  "onauxclick", "onbeforecopy", "onbeforecut", "onbeforeinput", "onbeforematch", "onbeforepaste", "onbeforetoggle",
  "onbeforexrselect", "onblur", "oncancel", "oncanplay", "oncanplaythrough", "onchange", "onclick", "onclose",
  "oncommand", "oncontentvisibilityautostatechange", "oncontextlost", "oncontextmenu", "oncontextrestored", "oncopy",
  "oncuechange", "oncut", "ondblclick", "ondrag", "ondragend", "ondragenter", "ondragleave", "ondragover",
  "ondragstart", "ondrop", "ondurationchange", "onemptied", "onended", "onerror", "onfocus", "onformdata", "onfreeze",
  "onfullscreenchange", "onfullscreenerror", "ongotpointercapture", "oninput", "oninvalid", "onkeydown", "onkeypress",
  "onkeyup", "onload", "onloadeddata", "onloadedmetadata", "onloadstart", "onlostpointercapture", "onmousedown",
  "onmouseenter", "onmouseleave", "onmousemove", "onmouseout", "onmouseover", "onmouseup", "onmousewheel", "onpaste",
  "onpause", "onplay", "onplaying", "onpointercancel", "onpointerdown", "onpointerenter", "onpointerleave",
  "onpointerlockchange", "onpointerlockerror", "onpointermove", "onpointerout", "onpointerover", "onpointerup",
  "onprerenderingchange", "onprogress", "onratechange", "onreadystatechange", "onreset", "onresize", "onresume",
  "onscroll", "onscrollend", "onscrollsnapchange", "onscrollsnapchanging", "onsearch", "onsecuritypolicyviolation",
  "onseeked", "onseeking", "onselect", "onselectionchange", "onselectstart", "onslotchange", "onstalled", "onsubmit",
  "onsuspend", "ontimeupdate", "ontoggle", "ontransitioncancel", "ontransitionend", "ontransitionrun",
  "ontransitionstart", "onvisibilitychange", "onvolumechange", "onwaiting", "onwebkitanimationend",
  "onwebkitanimationiteration", "onwebkitanimationstart", "onwebkitfullscreenchange", "onwebkitfullscreenerror",
  "onwebkittransitionend", "onwheel", "open", "ownerDocument", "parentElement", "parentNode",
  "pictureInPictureElement", "pictureInPictureEnabled", "plugins", "pointerLockElement", "prepend", "prerendering",
  "previousSibling", "propertyIsEnumerable", "queryCommandEnabled", "queryCommandIndeterm", "queryCommandState",
  "queryCommandSupported", "queryCommandValue", "querySelector", "querySelectorAll", "readyState", "referrer",
  "releaseEvents", "removeChild", "removeEventListener", "replaceChild", "replaceChildren", "requestStorageAccess",
  "rootElement", "scripts", "scrollingElement", "startViewTransition", "styleSheets", "textContent", "timeline",
  "title", "toLocaleString", "toString", "valueOf", "visibilityState", "vlinkColor", "wasDiscarded",
  "webkitCancelFullScreen", "webkitCurrentFullScreenElement", "webkitExitFullscreen", "webkitFullscreenElement",
  "webkitFullscreenEnabled", "webkitHidden", "webkitIsFullScreen", "webkitVisibilityState", "when", "write",
  "writeln", "xmlEncoding", "xmlStandalone", "xmlVersion",
]);

/** Whether an element with this id or name could stand in for one of the document's own properties. */
export function shadowsDocumentProperty(value: string): boolean {
  return DOCUMENT_PROPERTY_NAMES.has(value);
}
