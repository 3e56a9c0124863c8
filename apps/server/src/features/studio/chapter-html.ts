import { countHtmlWords, MARKDOWN_TAGS, renderChapterHtml } from "@quire/core";
import sanitizeHtml from "sanitize-html";

/**
 * Exactly the tags and attributes the Markdown renderer writes. The renderer escapes everything it
 * is given, so this pass changes nothing today; it is the second lock on the door should the
 * renderer ever grow a hole (DESIGN.md §7: chapter HTML is sanitised before it is stored).
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...MARKDOWN_TAGS],
  allowedAttributes: { a: ["href"], ol: ["start"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowProtocolRelative: false,
  disallowedTagsMode: "escape",
};

export interface RenderedChapter {
  html: string;
  wordCount: number;
}

/** A community chapter as readers get it: the name as heading, the Markdown rendered and sanitised, its words counted. */
export function renderCommunityChapter(name: string, markdown: string): RenderedChapter {
  const html = sanitizeHtml(renderChapterHtml(name, markdown), OPTIONS);
  return { html, wordCount: countHtmlWords(html) };
}
