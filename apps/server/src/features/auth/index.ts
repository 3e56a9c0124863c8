// What other features may use of accounts; sessions themselves are in shared/session.ts.
export { hashPassword, hashToken, newSecretToken, verifyPassword } from "./secrets";
