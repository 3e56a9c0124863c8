// `npm run quire` and `npm run bench` call this first, so they work on a fresh clone too.
import { ensureDependencies } from "./lib.mjs";

await ensureDependencies();
