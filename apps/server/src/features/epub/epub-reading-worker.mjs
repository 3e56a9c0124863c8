// The EPUB reading worker's entry: our code is TypeScript, run through tsx in this thread as in the main one.
import { register } from "tsx/esm/api";

register();
await import("./epub-reading-worker.ts");
