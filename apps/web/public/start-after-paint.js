// A page the server rendered is readable before the app runs, so the app is requested only after that first
// paint: on a slow phone the text shows without waiting for ~150 KB of JavaScript (docs/ssr.md). Classic and
// external because the CSP allows no inline script. The server writes in data-entry the app's files in the
// order they run, the entry last, and in data-preload the page's screen chunks.

// Until the app has started (`data-app-started`), a tap on a button would do nothing and typing would be wiped by
// React's first render: taps are held (pressed once however often, their default prevented) and what is typed is
// noted in `window.__quireEarly`, which the app replays once started (src/lib/early-input.ts, docs/ssr.md).
// Links are left alone: they navigate without the app.
(() => {
  var root = document.documentElement;
  var PRESSABLE =
    "a[href], button, [role=button], input[type=checkbox], input[type=radio], input[type=submit], input[type=button], input[type=image]";
  function record() {
    if (root.hasAttribute("data-app-started")) return null;
    if (!window.__quireEarly) window.__quireEarly = { taps: [], typed: new Map() };
    return window.__quireEarly;
  }
  // Capturing on the document runs before the app's listeners on #root, which never see a held tap.
  function hold(event, element) {
    var early = record();
    if (!early || !element) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (early.taps.indexOf(element) < 0) early.taps.push(element);
    element.setAttribute("data-early-pressed", "");
  }
  document.addEventListener(
    "click",
    (event) => {
      var element = event.target instanceof Element ? event.target.closest(PRESSABLE) : null;
      if (!element?.matches("a[href]")) hold(event, element);
    },
    true,
  );
  // Enter in a form without a submit button submits it natively, which would reload the page.
  document.addEventListener("submit", (event) => hold(event, event.target), true);
  document.addEventListener(
    "input",
    (event) => {
      var field = event.target;
      var text =
        field instanceof HTMLTextAreaElement ||
        (field instanceof HTMLInputElement && !/^(checkbox|radio|file)$/.test(field.type));
      var early = text && record();
      if (early) early.typed.set(field, field.value);
    },
    true,
  );
})();

(() => {
  var tag = document.currentScript;
  var scripts = (tag?.getAttribute("data-entry") || "").split(" ").filter(Boolean);
  if (scripts.length === 0) return;
  var preloads = (tag.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  var started = false;
  // A module script's graph is evaluated in one task: each file is added once the one before has run, so the
  // app is evaluated in a few shorter tasks rather than one long one (an evaluated module is not run again
  // when a later file imports it).
  function run(index) {
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "anonymous";
    script.src = scripts[index];
    if (index + 1 < scripts.length) script.onload = script.onerror = () => run(index + 1);
    document.head.appendChild(script);
  }
  // Asked for a few at a time, a task each: adding a preload starts its request there and then, and a page's
  // ~30 files in one go were a long task of their own on a slow phone. The entry's files come first.
  function preload(hrefs) {
    hrefs.slice(0, 6).forEach((href) => {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    if (hrefs.length > 6) setTimeout(() => preload(hrefs.slice(6)), 0);
  }
  function start() {
    if (started) return;
    started = true;
    run(0);
    // All requested at once; only their evaluation waits its turn.
    preload(scripts.slice(1).concat(preloads));
  }
  // Once the page has painted its text: the browser's own report of that first contentful paint. A timeout set
  // in an animation frame usually fires after the frame's paint, but not always, and then the app's files raced
  // the first paint (and the page's cover) for the network and the main thread. Where paint timing is missing, the
  // frame and timeout; a tab opened in the background paints nothing: the plain timeout starts it there.
  var paintTypes = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
  if (paintTypes && paintTypes.indexOf("paint") >= 0) {
    new PerformanceObserver((entries, observer) => {
      if (entries.getEntriesByName("first-contentful-paint").length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    }).observe({ type: "paint", buffered: true });
  } else {
    requestAnimationFrame(() => {
      setTimeout(start, 0);
    });
  }
  setTimeout(start, 1000);
})();
