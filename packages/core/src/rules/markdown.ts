/**
 * The Markdown authors write chapters in, turned into the HTML readers see. One renderer for the
 * server (which stores its output, sanitised once more) and the studio's live preview, so the
 * preview and word count are exactly what gets saved.
 *
 * A deliberate subset: paragraphs, line breaks (two trailing spaces or a backslash), headings
 * (`#`…`######`), scene breaks (`***`, `---`, `___`), block quotes, bulleted and numbered lists,
 * fenced code, **strong**, *emphasis*, ~~strike~~, `code` and [links](https://…). There is no raw
 * HTML and no images: every character of the source is escaped, and the only tags in the output
 * are the ones written here, so the result is safe by construction (and XHTML-compatible).
 */

/** Every tag the renderer writes: the server's sanitiser allows exactly these, and tests hold the renderer to them. */
export const MARKDOWN_TAGS = [
  "p",
  "br",
  "h1",
  "h2",
  "h3",
  "h4",
  "h5",
  "h6",
  "hr",
  "blockquote",
  "ul",
  "ol",
  "li",
  "pre",
  "code",
  "strong",
  "em",
  "del",
  "a",
] as const;

const FENCE = /^(`{3,}|~{3,})/;
const HEADING = /^(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
const SCENE_BREAK = /^(?:(?:\*[ \t]*){3,}|(?:-[ \t]*){3,}|(?:_[ \t]*){3,})$/;
const QUOTE = /^[ \t]{0,3}>[ \t]?/;
const BULLET = /^[ \t]{0,3}[-*+][ \t]+/;
const NUMBERED = /^[ \t]{0,3}(\d{1,9})[.)][ \t]+/;
const LINK_URL = /^(?:https?:\/\/|mailto:)[^\s<>"]+$/i;

/** Text content: `&`, `<` and `>` (quotes stay as they are, as sanitize-html writes text). */
export function escapeText(text: string): string {
  return text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

/** Attribute values (and anything else that may sit inside quotes): `"` as well. */
export function escapeHtml(text: string): string {
  return escapeText(text).replace(/"/g, "&quot;");
}

/** Renders Markdown (the subset above) to HTML. */
export function renderMarkdown(markdown: string): string {
  return renderBlocks(markdown.replace(/\r\n?/g, "\n").replace(/\t/g, "    ").split("\n"));
}

const isBlank = (line: string) => line.trim() === "";

/** Whether a line opens a block of its own, which ends a paragraph without a blank line. */
function startsBlock(line: string): boolean {
  const trimmed = line.trim();
  return (
    FENCE.test(trimmed) ||
    HEADING.test(trimmed) ||
    SCENE_BREAK.test(trimmed) ||
    QUOTE.test(line) ||
    BULLET.test(line) ||
    NUMBERED.test(line)
  );
}

function renderBlocks(lines: string[]): string {
  const out: string[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] as string;
    const trimmed = line.trim();
    if (isBlank(line)) {
      i++;
      continue;
    }
    const fence = FENCE.exec(trimmed);
    if (fence) {
      const marker = fence[1] as string;
      const code: string[] = [];
      i++;
      while (i < lines.length && !(lines[i] as string).trim().startsWith(marker)) code.push(lines[i++] as string);
      i++; // the closing fence (or the end of the text)
      out.push(`<pre><code>${escapeText(code.join("\n"))}</code></pre>`);
      continue;
    }
    const heading = HEADING.exec(trimmed);
    if (heading) {
      const level = (heading[1] as string).length;
      out.push(`<h${level}>${renderInline(heading[2] as string)}</h${level}>`);
      i++;
      continue;
    }
    if (SCENE_BREAK.test(trimmed)) {
      out.push("<hr />");
      i++;
      continue;
    }
    if (QUOTE.test(line)) {
      const quoted: string[] = [];
      // A quote goes on over lazy continuation lines until a blank line.
      while (i < lines.length && !isBlank(lines[i] as string)) quoted.push((lines[i++] as string).replace(QUOTE, ""));
      out.push(`<blockquote>${renderBlocks(quoted)}</blockquote>`);
      continue;
    }
    const list = BULLET.test(line) ? BULLET : NUMBERED.test(line) ? NUMBERED : undefined;
    if (list) {
      const result = readList(lines, i, list);
      out.push(result.html);
      i = result.next;
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      !isBlank(lines[i] as string) &&
      (paragraph.length === 0 || !startsBlock(lines[i] as string))
    ) {
      paragraph.push(lines[i++] as string);
    }
    out.push(`<p>${renderParagraphLines(paragraph)}</p>`);
  }
  return out.join("\n");
}

/** Items of one list: an item goes on over continuation lines; blank lines between items keep the list. */
function readList(lines: string[], start: number, marker: RegExp): { html: string; next: number } {
  const items: string[][] = [];
  let i = start;
  const first = NUMBERED.exec(lines[start] as string);
  while (i < lines.length) {
    const line = lines[i] as string;
    if (marker.test(line)) {
      items.push([line.replace(marker, "")]);
      i++;
      continue;
    }
    if (isBlank(line)) {
      let next = i;
      while (next < lines.length && isBlank(lines[next] as string)) next++;
      if (next < lines.length && marker.test(lines[next] as string)) {
        i = next;
        continue;
      }
      break;
    }
    if (startsBlock(line)) break;
    items.at(-1)?.push(line);
    i++;
  }
  const body = items.map((item) => `<li>${renderParagraphLines(item)}</li>`).join("");
  if (marker === BULLET) return { html: `<ul>${body}</ul>`, next: i };
  const from = Number(first?.[1] ?? 1);
  return { html: `<ol${from === 1 ? "" : ` start="${from}"`}>${body}</ol>`, next: i };
}

/** Lines of one paragraph: a hard break where a line ends in two spaces or a backslash, else a space. */
function renderParagraphLines(lines: string[]): string {
  return lines
    .map((line, index) => {
      const last = index === lines.length - 1;
      const hardBreak = !last && (/ {2,}$/.test(line) || /\\$/.test(line));
      const text = hardBreak ? line.replace(/(?: {2,}|\\)$/, "") : line;
      return renderInline(text.trim()) + (last ? "" : hardBreak ? "<br />\n" : "\n");
    })
    .join("");
}

const ESCAPABLE = /\\([\\`*_{}[\]()#+\-.!~>|])/g;

/**
 * Inline spans. Code spans, escaped characters and link targets are set aside as placeholders
 * first, so emphasis markers inside them (`a_b` in a URL) are left alone.
 */
export function renderInline(text: string): string {
  const held: string[] = [];
  const hold = (html: string) => `\uE000${held.push(html) - 1}\uE000`;
  let work = text
    .replace(/\uE000/g, "")
    .replace(/(`+)([\s\S]*?[^`])\1(?!`)/g, (_, _ticks: string, code: string) =>
      hold(`<code>${escapeText(code.trim())}</code>`),
    )
    .replace(ESCAPABLE, (_, char: string) => hold(escapeText(char)));
  work = escapeText(work);
  work = work.replace(
    /\[([^\]\uE000]*(?:\uE000\d+\uE000[^\]\uE000]*)*)\]\(([^()\s]+)\)/g,
    (whole, label: string, url: string) => {
      const target = url.replace(/&amp;/g, "&");
      if (!LINK_URL.test(target) || label.trim() === "") return whole;
      return `${hold(`<a href="${escapeHtml(target)}">`)}${label}${hold("</a>")}`;
    },
  );
  work = work
    .replace(/(\*\*|__)(?=\S)([\s\S]*?\S)\1/g, "<strong>$2</strong>")
    .replace(/\*(?=\S)([\s\S]*?\S)\*/g, "<em>$1</em>")
    .replace(/(^|[^\p{L}\p{N}_])_(?=\S)([\s\S]*?\S)_(?![\p{L}\p{N}_])/gu, "$1<em>$2</em>")
    .replace(/~~(?=\S)([\s\S]*?\S)~~/g, "<del>$1</del>");
  return work.replace(/\uE000(\d+)\uE000/g, (_, index: string) => held[Number(index)] ?? "");
}

/** A chapter as stored and served: its name as the `<h2>` heading (as the demo books have), then the text. */
export function renderChapterHtml(name: string, markdown: string): string {
  const body = renderMarkdown(markdown);
  return `<h2>${escapeText(name)}</h2>${body ? `\n${body}` : ""}`;
}
