import { createContext, type ReactNode, useContext, useEffect, useMemo, useSyncExternalStore } from "react";
import { createBrowserThemeController, type ThemeController, type ThemePreference, type ThemeState } from "./theme";

interface ThemeContextValue extends ThemeState {
  setPreference(preference: ThemePreference): void;
  /** Light ↔ dark; from "system" it flips whatever the system currently shows. */
  toggle(): void;
}

const ThemeContext = createContext<ThemeContextValue | null>(null);

/**
 * The server cannot know a visitor's theme, so it renders the default and hydration starts from it; the
 * page is already painted in the right one by public/theme-init.js, and controls follow right after.
 */
const SERVER_THEME: ThemeState = { preference: "system", resolved: "light" };
const serverTheme = () => SERVER_THEME;

export function ThemeProvider({ children, controller }: { children: ReactNode; controller?: ThemeController }) {
  const activeController = useMemo(() => controller ?? createBrowserThemeController(), [controller]);
  useEffect(() => {
    activeController.connect();
    return () => activeController.dispose();
  }, [activeController]);

  const state = useSyncExternalStore(activeController.subscribe, activeController.getState, serverTheme);

  const value = useMemo<ThemeContextValue>(
    () => ({
      ...state,
      setPreference: activeController.setPreference,
      toggle: () => activeController.setPreference(state.resolved === "dark" ? "light" : "dark"),
    }),
    [state, activeController],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

export function useTheme(): ThemeContextValue {
  const value = useContext(ThemeContext);
  if (!value) throw new Error("useTheme must be used inside <ThemeProvider>");
  return value;
}
