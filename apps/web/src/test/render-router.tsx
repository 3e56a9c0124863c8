import { QueryClientProvider } from "@tanstack/react-query";
import { render } from "@testing-library/react";
import { type createMemoryRouter, RouterProvider } from "react-router";
import { createQueryClient } from "../lib/query-client";
import { routerFlushSync } from "../lib/router-flush-sync";
import { ScreenTitleProvider } from "../lib/screen-title";
import { ThemeProvider } from "../lib/theme-provider";

/** Renders a router inside the providers the app gives every screen (main.tsx), with a fresh query cache. */
export function renderRouter(router: ReturnType<typeof createMemoryRouter>) {
  return render(
    <ThemeProvider>
      <QueryClientProvider client={createQueryClient()}>
        <ScreenTitleProvider>
          <RouterProvider router={router} flushSync={routerFlushSync} />
        </ScreenTitleProvider>
      </QueryClientProvider>
    </ThemeProvider>,
  );
}
