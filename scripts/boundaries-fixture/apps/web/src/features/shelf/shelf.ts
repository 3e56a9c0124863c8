import { sharedLabel } from "../../../../server/src/shared/label";

// Breach: the web importing server code.
export const shelfLabel = sharedLabel;
