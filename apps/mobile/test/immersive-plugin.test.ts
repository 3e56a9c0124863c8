// The app's own Android plugin for the reader's immersive mode: Java that cannot be compiled here (no Android SDK),
// so these check what the web bridge relies on: the name it registers, its two methods, and MainActivity adding it.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { IMMERSIVE_PLUGIN_NAME } from "../../web/src/lib/native/immersive";
import { MOBILE_DIR } from "../scripts/sync.mjs";

const JAVA = join(MOBILE_DIR, "android/app/src/main/java/app/quire/reader");
const plugin = readFileSync(join(JAVA, "ImmersivePlugin.java"), "utf8");
const mainActivity = readFileSync(join(JAVA, "MainActivity.java"), "utf8");

describe("the QuireImmersive plugin", () => {
  it("is a Capacitor plugin under the name the web bridge registers", () => {
    expect(plugin).toContain(`@CapacitorPlugin(name = "${IMMERSIVE_PLUGIN_NAME}")`);
    expect(plugin).toMatch(/public class ImmersivePlugin extends Plugin\b/);
  });

  it.each(["enter", "leave"])("answers %s() and resolves the call", (method) => {
    const body = plugin.split(new RegExp(`@PluginMethod\\s+public void ${method}\\(PluginCall call\\)`))[1];
    expect(body, `no @PluginMethod ${method}(PluginCall)`).toBeDefined();
    expect(body?.split("@PluginMethod")[0]).toContain("call.resolve()");
  });

  it("is registered by MainActivity before the bridge starts", () => {
    const registered = mainActivity.indexOf("registerPlugin(ImmersivePlugin.class);");
    expect(registered).toBeGreaterThan(-1);
    expect(registered).toBeLessThan(mainActivity.indexOf("super.onCreate(savedInstanceState);"));
  });
});
