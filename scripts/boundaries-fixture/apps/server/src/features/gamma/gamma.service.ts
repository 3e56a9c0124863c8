import { sharedLabel } from "../../shared/label";
import { alphaName } from "../alpha";

// Keeps every rule: another feature through its index.ts, and a shared folder.
export const gammaName = `${sharedLabel} ${alphaName}`;
