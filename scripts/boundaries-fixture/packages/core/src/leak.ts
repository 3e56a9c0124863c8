import { shelfLabel } from "../../../apps/web/src/features/shelf/shelf";

// Breach: core importing an app.
export const leak = shelfLabel;
