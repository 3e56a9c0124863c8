import { gammaName } from "../features/gamma/gamma.service";

// Breach: a shared folder importing a feature.
export const reachesUp = gammaName;
