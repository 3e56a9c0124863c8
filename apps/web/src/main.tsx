import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { startOfflineSync } from "./features/offline-queue";
import { createQueryClient } from "./lib/query-client";
import { routerFlushSync } from "./lib/router-flush-sync";
import { ScreenTitleProvider } from "./lib/screen-title";
import { ThemeProvider } from "./lib/theme-provider";
import { createRouter } from "./router";
import "./styles.css";

const container = document.getElementById("root");
if (!container) throw new Error("Missing #root element");

const queryClient = createQueryClient();
const router = createRouter();
// Actions made offline are sent when the network returns, whichever screen is open.
startOfflineSync(queryClient);

createRoot(container).render(
  <StrictMode>
    <ThemeProvider>
      <QueryClientProvider client={queryClient}>
        <ScreenTitleProvider>
          <RouterProvider router={router} flushSync={routerFlushSync} />
        </ScreenTitleProvider>
      </QueryClientProvider>
    </ThemeProvider>
  </StrictMode>,
);

// SPEC §4: detect the reader's country at start, off the entry chunk and without holding up the first render.
void import("./features/locale").then(({ startRegionDetection }) => startRegionDetection());
