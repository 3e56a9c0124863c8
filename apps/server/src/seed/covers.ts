import { escapeXml } from "./text";

export const COVER_WIDTH = 600;
export const COVER_HEIGHT = 900;

export interface CoverInput {
  /** Seeds the deterministic choices, so a book always gets the same cover. */
  id: string;
  title: string;
  authors: string[];
  /** Genre id (a slug); picks the palette. */
  genre: string;
  /** Shown small above the title; defaults to nothing. */
  genreLabel?: string;
}

interface Palette {
  from: string;
  to: string;
  accent: string;
  shape: string;
  ink: string;
  panel: string;
}

const PALETTES: Record<string, Palette> = {
  fantasy: { from: "#0f3b4a", to: "#2b1f5c", accent: "#e9c46a", shape: "#7fd1c7", ink: "#fdf6e3", panel: "#0b1d2a" },
  "science-fiction": {
    from: "#050a1f",
    to: "#3d1a6e",
    accent: "#5ee7ff",
    shape: "#9b8cff",
    ink: "#f2f5ff",
    panel: "#050a1f",
  },
  mystery: { from: "#1f2226", to: "#5a1a22", accent: "#f2a541", shape: "#c2b8a3", ink: "#fbf4e6", panel: "#141517" },
  romance: { from: "#f7b2b7", to: "#fbd9b5", accent: "#7a1f4b", shape: "#ffffff", ink: "#3b0d25", panel: "#fff4ee" },
  "literary-fiction": {
    from: "#a7b9a0",
    to: "#efe7d3",
    accent: "#2f4a3a",
    shape: "#ffffff",
    ink: "#1e2b22",
    panel: "#f7f2e6",
  },
  horror: { from: "#070707", to: "#4a0a0f", accent: "#e8dcc4", shape: "#8a1c24", ink: "#f3ead8", panel: "#000000" },
  adventure: { from: "#c8553d", to: "#f2c57c", accent: "#2d1e12", shape: "#fff1d6", ink: "#2d1e12", panel: "#fff4e0" },
  poetry: { from: "#b8b3e9", to: "#d9f0f7", accent: "#22264b", shape: "#ffffff", ink: "#22264b", panel: "#f8f8ff" },
  humour: { from: "#ffd23f", to: "#ff8c61", accent: "#1b2a49", shape: "#fffbe6", ink: "#1b2a49", panel: "#fff9e0" },
  "historical-fiction": {
    from: "#5b3a29",
    to: "#d8c3a0",
    accent: "#7b1e2b",
    shape: "#f3e6cc",
    ink: "#2a1a10",
    panel: "#f6ecd8",
  },
};

const DEFAULT_PALETTE: Palette = {
  from: "#243b55",
  to: "#141e30",
  accent: "#f6d365",
  shape: "#ffffff",
  ink: "#ffffff",
  panel: "#0c1220",
};

/** FNV-1a: a small stable hash, so the same book always gets the same cover. */
export function hashString(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash >>> 0;
}

/** mulberry32: deterministic numbers in [0, 1) from a seed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const round = (value: number): number => Math.round(value * 10) / 10;

/** Greedy word wrap to at most `maxChars` per line; a longer word gets a line of its own. */
export function wrapTitle(title: string, maxChars: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of title.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (candidate.length <= maxChars || !line) line = candidate;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

/** The largest title size whose wrapped lines fit the cover: at most four lines inside the margins. */
function layoutTitle(title: string): { fontSize: number; lines: string[] } {
  const usableWidth = COVER_WIDTH - 120;
  for (const fontSize of [78, 70, 62, 56, 50, 44, 38]) {
    // A serif capital-and-lowercase line averages a little over half an em per character.
    const maxChars = Math.floor(usableWidth / (fontSize * 0.5));
    const lines = wrapTitle(title, maxChars);
    if (lines.length <= 4 && lines.every((line) => line.length <= maxChars)) return { fontSize, lines };
  }
  return { fontSize: 34, lines: wrapTitle(title, 26) };
}

type Pattern = (rand: () => number, p: Palette) => string;

const PATTERNS: Pattern[] = [
  // A rising sun: concentric rings around a glowing disc.
  (rand, p) => {
    const cx = round(150 + rand() * 300);
    const cy = round(240 + rand() * 120);
    const rings = Array.from({ length: 7 }, (_, i) => {
      const r = 60 + i * 46;
      return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${p.shape}" stroke-width="${round(
        2 + (6 - i) * 0.6,
      )}" opacity="${round(0.32 - i * 0.035)}"/>`;
    }).join("");
    return `<circle cx="${cx}" cy="${cy}" r="120" fill="url(#glow)"/><circle cx="${cx}" cy="${cy}" r="54" fill="${p.accent}" opacity="0.85"/>${rings}`;
  },
  // Layered waves rolling up from the bottom.
  (rand, p) => {
    const layers = Array.from({ length: 5 }, (_, i) => {
      const baseY = 560 + i * 70;
      const amp = 18 + rand() * 26;
      const phase = rand() * 200;
      let d = `M0 ${round(baseY)}`;
      for (let x = 0; x <= COVER_WIDTH; x += 50) {
        const y = baseY + Math.sin((x + phase) / 62) * amp;
        d += ` L${x} ${round(y)}`;
      }
      d += ` L${COVER_WIDTH} ${COVER_HEIGHT} L0 ${COVER_HEIGHT} Z`;
      const color = i % 2 === 0 ? p.shape : p.accent;
      return `<path d="${d}" fill="${color}" opacity="${round(0.12 + i * 0.07)}"/>`;
    }).join("");
    return `<circle cx="${round(420 + rand() * 80)}" cy="${round(170 + rand() * 60)}" r="46" fill="${p.accent}" opacity="0.75"/>${layers}`;
  },
  // Mountain ridges, nearest darkest.
  (rand, p) => {
    const ridges = Array.from({ length: 4 }, (_, i) => {
      const baseY = 520 + i * 90;
      let d = `M0 ${baseY}`;
      let x = 0;
      while (x < COVER_WIDTH) {
        const step = 60 + rand() * 90;
        const peak = baseY - 60 - rand() * (170 - i * 30);
        d += ` L${round(x + step / 2)} ${round(peak)} L${round(Math.min(COVER_WIDTH, x + step))} ${round(baseY - rand() * 30)}`;
        x += step;
      }
      d += ` L${COVER_WIDTH} ${COVER_HEIGHT} L0 ${COVER_HEIGHT} Z`;
      return `<path d="${d}" fill="${i % 2 === 0 ? p.shape : p.accent}" opacity="${round(0.14 + i * 0.09)}"/>`;
    }).join("");
    const stars = Array.from(
      { length: 28 },
      () =>
        `<circle cx="${round(rand() * COVER_WIDTH)}" cy="${round(40 + rand() * 380)}" r="${round(0.8 + rand() * 1.8)}" fill="${p.shape}" opacity="${round(0.4 + rand() * 0.5)}"/>`,
    ).join("");
    return stars + ridges;
  },
  // Nested arcs in opposite corners, like the ripples of a dropped stone.
  (rand, p) => {
    const arcs = (cx: number, cy: number, color: string) =>
      Array.from(
        { length: 9 },
        (_, i) =>
          `<circle cx="${cx}" cy="${cy}" r="${60 + i * 42}" fill="none" stroke="${color}" stroke-width="${i % 3 === 0 ? 10 : 3}" opacity="${round(0.35 - i * 0.03)}"/>`,
      ).join("");
    const offset = round(rand() * 80);
    return arcs(-offset, -offset, p.shape) + arcs(COVER_WIDTH + offset, COVER_HEIGHT + offset, p.accent);
  },
  // Diagonal bands crossing the whole cover.
  (rand, p) => {
    const angle = round(-30 + rand() * 60);
    const bands = Array.from({ length: 9 }, (_, i) => {
      const width = 12 + ((i * 7) % 5) * 10;
      const color = i % 3 === 0 ? p.accent : p.shape;
      return `<rect x="${-300 + i * 150}" y="-400" width="${width}" height="1700" fill="${color}" opacity="${round(0.1 + (i % 4) * 0.06)}"/>`;
    }).join("");
    return `<g transform="rotate(${angle} 300 450)">${bands}</g>`;
  },
  // A field of dots that grows away from the title and keeps clear of the genre label.
  (rand, p) => {
    const dots: string[] = [];
    const spacing = 30 + Math.floor(rand() * 12);
    for (let y = spacing / 2; y < COVER_HEIGHT; y += spacing) {
      for (let x = spacing / 2; x < COVER_WIDTH; x += spacing) {
        if (y < 150 && Math.abs(x - 300) < 170) continue;
        const distance = Math.min(1, Math.abs(y - 470) / 400);
        const r = round(0.8 + distance * 3.6 * (0.7 + rand() * 0.3));
        dots.push(`<circle cx="${round(x)}" cy="${round(y)}" r="${r}" fill="${rand() < 0.14 ? p.accent : p.shape}"/>`);
      }
    }
    return `<g opacity="0.4">${dots.join("")}</g>`;
  },
];

/** Which patterns suit a genre (indexes into PATTERNS); the title picks one of them. */
const GENRE_PATTERNS: Record<string, number[]> = {
  fantasy: [2, 0],
  "science-fiction": [3, 5],
  mystery: [4, 5],
  romance: [1, 0],
  "literary-fiction": [4, 1],
  horror: [5, 3],
  adventure: [2, 1],
  poetry: [0, 3],
  humour: [5, 4],
  "historical-fiction": [1, 4],
};

/** Byline size: long (co-authored) bylines get smaller type so they stay inside the panel. */
function bylineStyle(byline: string): { fontSize: number; letterSpacing: number } {
  if (byline.length <= 20) return { fontSize: 21, letterSpacing: 4 };
  if (byline.length <= 28) return { fontSize: 17, letterSpacing: 3 };
  return { fontSize: 16, letterSpacing: 1.5 };
}

/**
 * An SVG cover (600×900): a gradient and a geometric pattern chosen from the book's genre and id,
 * the title set in a serif with manual line breaks, the byline, and a small Quire mark.
 */
export function renderCoverSvg(input: CoverInput): string {
  const palette = PALETTES[input.genre] ?? DEFAULT_PALETTE;
  const seed = hashString(`${input.id}|${input.title}`);
  const rand = random(seed);
  const options = GENRE_PATTERNS[input.genre] ?? [0, 1, 2, 3, 4, 5];
  const pattern = PATTERNS[options[hashString(input.title) % options.length] ?? 0] as Pattern;
  const gradientAngle = Math.floor(rand() * 4);
  const [x1, y1, x2, y2] = [
    ["0", "0", "0", "1"],
    ["0", "0", "1", "1"],
    ["1", "0", "0", "1"],
    ["0", "1", "1", "0"],
  ][gradientAngle] as string[];

  const { fontSize, lines } = layoutTitle(input.title);
  const lineHeight = Math.round(fontSize * 1.12);
  const titleHeight = lineHeight * lines.length;
  const titleTop = 470 - titleHeight / 2;
  const panelPadding = 34;
  const authorLine = input.authors.join(" & ");
  const byline = bylineStyle(authorLine);
  const authorY = Math.round(titleTop + titleHeight + 46);
  const panelTop = Math.round(titleTop - panelPadding - fontSize * 0.2);
  const panelHeight = Math.round(authorY - panelTop + panelPadding - 6);

  const titleText = lines
    .map(
      (line, i) =>
        `<text x="300" y="${Math.round(titleTop + fontSize * 0.82 + i * lineHeight)}" text-anchor="middle">${escapeXml(line)}</text>`,
    )
    .join("");

  const genreLabel = input.genreLabel
    ? `<text x="300" y="96" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="18" letter-spacing="6" fill="${palette.ink}" opacity="0.8">${escapeXml(input.genreLabel.toUpperCase())}</text><rect x="270" y="114" width="60" height="2" fill="${palette.accent}"/>`
    : "";

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${COVER_WIDTH} ${COVER_HEIGHT}" width="${COVER_WIDTH}" height="${COVER_HEIGHT}" role="img" aria-label="${escapeXml(`${input.title} by ${authorLine}`)}">`,
    "<defs>",
    `<linearGradient id="bg" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"><stop offset="0" stop-color="${palette.from}"/><stop offset="1" stop-color="${palette.to}"/></linearGradient>`,
    `<radialGradient id="glow"><stop offset="0" stop-color="${palette.accent}" stop-opacity="0.55"/><stop offset="1" stop-color="${palette.accent}" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="0" y2="1"><stop offset="0.55" stop-color="#000" stop-opacity="0"/><stop offset="1" stop-color="#000" stop-opacity="0.28"/></linearGradient>`,
    "</defs>",
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#bg)"/>`,
    pattern(rand, palette),
    `<rect width="${COVER_WIDTH}" height="${COVER_HEIGHT}" fill="url(#shade)"/>`,
    `<rect x="24" y="24" width="${COVER_WIDTH - 48}" height="${COVER_HEIGHT - 48}" fill="none" stroke="${palette.ink}" stroke-opacity="0.35" stroke-width="1.5"/>`,
    genreLabel,
    `<rect x="40" y="${panelTop}" width="${COVER_WIDTH - 80}" height="${panelHeight}" rx="6" fill="${palette.panel}" opacity="0.72"/>`,
    `<g font-family="Georgia, 'Times New Roman', 'DejaVu Serif', serif" font-size="${fontSize}" font-weight="600" fill="${palette.ink}">${titleText}</g>`,
    `<rect x="275" y="${authorY - 34}" width="50" height="2" fill="${palette.accent}"/>`,
    `<text x="300" y="${authorY}" text-anchor="middle" font-family="'Helvetica Neue', Arial, sans-serif" font-size="${byline.fontSize}" letter-spacing="${byline.letterSpacing}" fill="${palette.ink}" opacity="0.92">${escapeXml(authorLine.toUpperCase())}</text>`,
    `<g transform="translate(300 842)"><rect x="-54" y="-20" width="28" height="28" rx="6" fill="${palette.accent}"/><text x="-40" y="1" text-anchor="middle" font-family="Georgia, 'Times New Roman', serif" font-size="20" font-weight="700" fill="${palette.panel}">Q</text><text x="-16" y="2" font-family="Georgia, 'Times New Roman', serif" font-size="22" font-style="italic" fill="${palette.ink}" opacity="0.9">Quire</text></g>`,
    "</svg>",
  ].join("");
}
