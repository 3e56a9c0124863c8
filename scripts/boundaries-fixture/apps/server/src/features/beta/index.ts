export { betaSecret } from "./beta.internal";
