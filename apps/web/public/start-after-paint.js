// A page the server rendered is readable before the app runs, so the app is requested only after that first
// paint: on a slow phone the text shows without waiting for ~150 KB of JavaScript (docs/ssr.md). Classic and
// external because the CSP allows no inline script; the server writes the entry in data-entry and the page's
// screen chunks in data-preload.
(() => {
  var tag = document.currentScript;
  var entry = tag?.getAttribute("data-entry");
  if (!entry) return;
  var preloads = (tag.getAttribute("data-preload") || "").split(" ").filter(Boolean);
  var started = false;
  function start() {
    if (started) return;
    started = true;
    preloads.forEach((href) => {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.crossOrigin = "anonymous";
    script.src = entry;
    document.head.appendChild(script);
  }
  // A frame's callbacks run before it paints, so the timeout set there fires after it. A tab opened in the
  // background draws no frames: the plain timeout starts it there.
  requestAnimationFrame(() => {
    setTimeout(start, 0);
  });
  setTimeout(start, 1000);
})();
