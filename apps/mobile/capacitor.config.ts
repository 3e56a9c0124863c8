import type { CapacitorConfig } from "@capacitor/cli";

// The paper colour of the web app's light theme (apps/web/public/manifest.webmanifest), behind the splash icon.
export const SPLASH_BACKGROUND = "#f7f1e6";

const config: CapacitorConfig = {
  appId: "app.quire.reader",
  appName: "Quire",
  // The same build the server serves (scripts/web-build.mjs); `npm run mobile:sync` rebuilds it when stale.
  webDir: "../web/dist",
  // The app's own origins stay https://localhost (Android) and capacitor://localhost (iOS): the server trusts
  // exactly those (apps/server/src/shared/session.ts NATIVE_ORIGINS).
  plugins: {
    SplashScreen: {
      launchShowDuration: 500,
      backgroundColor: SPLASH_BACKGROUND,
      androidScaleType: "CENTER_CROP",
      showSpinner: false,
    },
    // The reader hides the system bars; without this, Android would not resize the page for the keyboard there.
    Keyboard: { resizeOnFullScreen: true },
    PushNotifications: { presentationOptions: ["badge", "sound", "alert"] },
  },
};

export default config;
