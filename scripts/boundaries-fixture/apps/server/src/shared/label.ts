export const sharedLabel = "shared";
