import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { ScreenTitleProvider } from "./lib/screen-title";
import type { ThemeController } from "./lib/theme";
import { ThemeProvider } from "./lib/theme-provider";

/** The providers around the router, the same in the browser (main.tsx) and on the server (entry-server.tsx). */
export function AppProviders({
  queryClient,
  themeController,
  children,
}: {
  queryClient: QueryClient;
  themeController?: ThemeController;
  children: ReactNode;
}) {
  return (
    <StrictMode>
      <ThemeProvider controller={themeController}>
        <QueryClientProvider client={queryClient}>
          <ScreenTitleProvider>{children}</ScreenTitleProvider>
        </QueryClientProvider>
      </ThemeProvider>
    </StrictMode>
  );
}
