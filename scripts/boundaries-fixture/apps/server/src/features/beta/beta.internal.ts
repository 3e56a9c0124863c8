export const betaSecret = "beta";
