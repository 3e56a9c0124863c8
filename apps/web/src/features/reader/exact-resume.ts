import type { EpubPosition, TextLocator } from "@quire/core";
import { formatAt, parseAt } from "@quire/core/reader-locator";
import { readerPath } from "../../lib/reader-path";

/**
 * The reader's address carries the exact place (`?at=`, a text locator's character; none at a
 * chapter's start), so a reload, a tab the phone discarded or a shared link opens on the same page;
 * the stored epubPosition carries it to other devices.
 */
export function placePath(bookId: string, anchorId: string, locator: TextLocator | null | undefined): string {
  const path = readerPath(bookId, anchorId);
  return locator && locator.char > 0 ? `${path}?at=${formatAt(locator)}` : path;
}

/** The text locator of a saved position, when its reader knew it. */
export function positionLocator(position: EpubPosition | null | undefined): TextLocator | null {
  if (position?.char === undefined) return null;
  return position.text === undefined ? { char: position.char } : { char: position.char, text: position.text };
}

/**
 * Where a chapter's address asks to land: `?at=`, with the quote that came along in the navigation's
 * state when it is the same place (opening from the saved position), so an edited chapter still finds it.
 */
export function startLocator(search: string, state: unknown): TextLocator | null {
  const char = parseAt(new URLSearchParams(search).get("at"));
  if (char === null) return null;
  const carried = (state as { locator?: Partial<TextLocator> } | null)?.locator;
  return carried?.char === char && typeof carried.text === "string" ? { char, text: carried.text } : { char };
}

/**
 * Keeps the address on the place on screen without a navigation (the router would land again): the
 * history entry is replaced in place, keeping the router's state, and loses any #fragment, since the
 * place is now the text on screen rather than the note that was followed.
 */
export function writePlaceToAddress(bookId: string, anchorId: string, locator: TextLocator | null): void {
  const path = placePath(bookId, anchorId, locator);
  const { pathname, search, hash } = window.location;
  // Only over the reader's own address: a late report must never rewrite the page the reader went to.
  if (!pathname.startsWith(readerPath(bookId, "")) || `${pathname}${search}${hash}` === path) return;
  window.history.replaceState(window.history.state, "", path);
}
