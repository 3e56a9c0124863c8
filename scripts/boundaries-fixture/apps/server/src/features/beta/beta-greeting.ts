import { alphaName } from "../alpha";

// Breach: beta needs alpha while alpha needs beta, a feature cycle (though no module cycle).
export const betaGreeting = () => `hello ${alphaName}`;
