/**
 * The site's pages a phone opens in the app once the app is installed: the ones people share (a book, a place
 * in it, a profile). Sign-in, email and API addresses stay in the browser. The Android manifest's App Links
 * filter lists the same prefixes (checked by apps/mobile's tests).
 */
export const APP_LINK_PATHS = ["/books/", "/read/", "/u/", "/users/"] as const;
