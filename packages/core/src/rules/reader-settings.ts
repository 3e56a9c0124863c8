/** The reader's typography and layout choices, zod-free so the web's reader does not pull the schemas in. */
export const READER_LAYOUTS = ["paginated", "scrolled"] as const;
export const READER_THEMES = ["light", "sepia", "dark"] as const;
export const READER_FONTS = ["publisher", "serif", "sans", "dyslexic"] as const;
export const READER_MARGINS = ["narrow", "normal", "wide"] as const;
/** Root font sizes in CSS pixels, smallest to largest. */
export const FONT_SIZES = [14, 16, 18, 20, 22, 24, 27, 30, 34] as const;
export const LINE_HEIGHTS = [1.3, 1.5, 1.7, 1.9, 2.1] as const;
