import { registerPlugin } from "@capacitor/core";

/** The Android app's own plugin (`ImmersivePlugin.java` in apps/mobile/android); the mobile tests compare the name. */
export const IMMERSIVE_PLUGIN_NAME = "QuireImmersive";

/**
 * enter hides Android's system bars (a swipe from an edge shows them for a moment); leave shows them again but the
 * status bar, which `@capacitor/status-bar` puts back as it was before the reader.
 */
export interface QuireImmersivePlugin {
  enter(): Promise<void>;
  leave(): Promise<void>;
}

export const QuireImmersive = registerPlugin<QuireImmersivePlugin>(IMMERSIVE_PLUGIN_NAME);
