// Runs before first paint (loaded blocking from <head>) so the page never flashes the wrong theme.
// Mirrors src/lib/theme.ts; kept as a classic external script because the CSP forbids inline scripts.
(() => {
  var preference = "system";
  var stored = null;
  var prefersDark = false;
  try {
    stored = window.localStorage.getItem("quire.theme");
  } catch (_error) {
    // Storage can be unavailable (privacy mode); the system setting still applies.
  }
  if (stored === "light" || stored === "dark" || stored === "system") preference = stored;
  try {
    prefersDark = window.matchMedia("(prefers-color-scheme: dark)").matches;
  } catch (_error) {
    prefersDark = false;
  }
  var resolved = preference === "system" ? (prefersDark ? "dark" : "light") : preference;
  var root = document.documentElement;
  root.classList.toggle("dark", resolved === "dark");
  root.setAttribute("data-theme", resolved);
  root.setAttribute("data-theme-preference", preference);
  root.style.colorScheme = resolved;
})();
