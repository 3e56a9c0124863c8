// Moved to shared/session.ts; this re-export goes once the route files import it from there.
export * from "../../shared/session";
