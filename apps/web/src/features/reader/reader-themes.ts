import type { ReaderTheme } from "./reader-settings";

/**
 * Three designed palettes, not one inverted: the app's warm paper, a sepia of aged stock with brown
 * ink, and a night theme of soft off-white on blue-black (pure white on black glares). `page` colours
 * the frame; the `--q-*` tokens recolour the reader's own controls to match, whatever the app theme
 * (`--q-paper` is the page itself, so frame and surroundings are one sheet).
 * Every text/background pair meets WCAG AA.
 */
export interface ReaderPalette {
  page: { background: string; text: string; muted: string; link: string; selection: string; rule: string };
  tokens: Record<string, string>;
  colorScheme: "light" | "dark";
}

export const READER_PALETTES: Record<ReaderTheme, ReaderPalette> = {
  light: {
    page: {
      background: "#fbf7ef",
      text: "#1f1a14",
      muted: "#5a4f43",
      link: "#9b3a1e",
      selection: "#f5e0d2",
      rule: "#d9ccb6",
    },
    tokens: {
      "--q-paper": "#fbf7ef",
      "--q-surface": "#fffcf6",
      "--q-sunken": "#efe6d6",
      "--q-ink": "#221b14",
      "--q-ink-muted": "#5a4f43",
      "--q-ink-faint": "#6e6255",
      "--q-line": "#e0d4bf",
      "--q-line-strong": "#c9b89b",
      "--q-accent": "#9b3a1e",
      "--q-accent-strong": "#7f2c14",
      "--q-accent-ink": "#fffaf3",
      "--q-accent-soft": "#f5e0d2",
      "--q-accent-soft-ink": "#7a2b13",
      "--q-focus": "#1f5fbf",
    },
    colorScheme: "light",
  },
  sepia: {
    page: {
      background: "#f3e7cf",
      text: "#3b2d1d",
      muted: "#5f4a33",
      link: "#8a3610",
      selection: "#e3c99c",
      rule: "#d4bd93",
    },
    tokens: {
      "--q-paper": "#f3e7cf",
      "--q-surface": "#f6ebd6",
      "--q-sunken": "#e6d4b0",
      "--q-ink": "#3b2d1d",
      "--q-ink-muted": "#5f4a33",
      "--q-ink-faint": "#654f37",
      "--q-line": "#dac59f",
      "--q-line-strong": "#c3a97c",
      "--q-accent": "#8a3610",
      "--q-accent-strong": "#702b0b",
      "--q-accent-ink": "#fff8ec",
      "--q-accent-soft": "#ead0ad",
      "--q-accent-soft-ink": "#6a280a",
      "--q-focus": "#1d57b0",
    },
    colorScheme: "light",
  },
  dark: {
    page: {
      background: "#12151b",
      text: "#d9d2c5",
      muted: "#a7a093",
      link: "#f0a77c",
      selection: "#3d2f2a",
      rule: "#2c323d",
    },
    tokens: {
      "--q-paper": "#12151b",
      "--q-surface": "#181c24",
      "--q-sunken": "#222833",
      "--q-ink": "#e4ddd0",
      "--q-ink-muted": "#aeb4c0",
      "--q-ink-faint": "#98a0ae",
      "--q-line": "#262c37",
      "--q-line-strong": "#3a4252",
      "--q-accent": "#f0a77c",
      "--q-accent-strong": "#f6c2a2",
      "--q-accent-ink": "#1d1008",
      "--q-accent-soft": "#3a2a26",
      "--q-accent-soft-ink": "#f6c3a5",
      "--q-focus": "#8ab4ff",
    },
    colorScheme: "dark",
  },
};
