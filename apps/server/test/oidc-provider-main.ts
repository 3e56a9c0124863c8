import { startTestOidcProvider } from "./oidc-provider";

/**
 * The test OpenID provider as a process of its own, for the browser tests (and for trying Google
 * sign-in by hand): `node --import tsx apps/server/test/oidc-provider-main.ts`, configured by
 * OIDC_TEST_PORT, OIDC_TEST_APP_ORIGIN, OIDC_TEST_GOOGLE_SECRET and OIDC_TEST_APPLE_SECRET.
 */
const env = process.env;
const provider = await startTestOidcProvider({
  port: Number(env.OIDC_TEST_PORT ?? 3198),
  appOrigin: env.OIDC_TEST_APP_ORIGIN ?? "http://127.0.0.1:3199",
  secrets: {
    google: env.OIDC_TEST_GOOGLE_SECRET ?? "google-test-secret",
    apple: env.OIDC_TEST_APPLE_SECRET ?? "apple-test-secret",
  },
  loginForm: true,
});
console.log(`test OpenID provider at ${provider.issuer}`);
const stop = () => void provider.close().then(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
