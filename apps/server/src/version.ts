export const QUIRE_VERSION = "0.1.0";
