/** What other features use of auth; the rest of the folder is its own. */
export { AUTH_LINK, AuthCard } from "./components/auth-card";
export { RequireSession } from "./components/require-session";
export { safeNextPath, signInPathFor } from "./next-path";
export { authKeys, useChangePassword, useSession, useSignOut } from "./session";
export { PASSWORD_RULE_HINT } from "./validation";
