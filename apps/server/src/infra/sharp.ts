import sharp from "sharp";

/**
 * sharp as the server uses it. libvips' operation cache (50 MB by default) keeps recent decodes for
 * reuse, but every image here is new (an upload, a book's cover), so the cache only adds to peak
 * memory: off, an EPUB import peaks ~20 MB lower (BENCHMARKS.md, EPUB import).
 */
sharp.cache(false);

export { sharp };
