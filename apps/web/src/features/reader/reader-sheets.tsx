import { type ComponentProps, type Dispatch, lazy, type SetStateAction, Suspense, useEffect, useState } from "react";
import { whenIdle } from "../../lib/when-idle";
import type { SettingsSheet as SettingsSheetType } from "./settings-sheet";
import type { TocSheet as TocSheetType } from "./toc-sheet";

// The reader's extras are not on its first screen: their code comes after it (prefetched once idle).
const loadAnnotations = () => import("../annotations");
const loadSettingsSheet = () => import("./settings-sheet");
const loadTocSheet = () => import("./toc-sheet");
const loadBookSearchSheet = () => import("./book-search-sheet");
export const ReaderAnnotations = lazy(async () => ({ default: (await loadAnnotations()).ReaderAnnotations }));
const SettingsSheet = lazy(async () => ({ default: (await loadSettingsSheet()).SettingsSheet }));
const TocSheet = lazy(async () => ({ default: (await loadTocSheet()).TocSheet }));
const BookSearchSheet = lazy(async () => ({ default: (await loadBookSearchSheet()).BookSearchSheet }));

export type ReaderPanel = "toc" | "settings" | "search";

/** Fetches the extras' code once the browser is idle, so a sheet opens at once when asked for. */
export function usePrefetchedReaderExtras(): void {
  useEffect(() => {
    whenIdle(() => {
      void loadAnnotations();
      void loadTocSheet();
      void loadSettingsSheet();
      void loadBookSearchSheet();
    });
  }, []);
}

/** True from the first time `open` is: a sheet is mounted then, and stays mounted so it can close as a dialog does. */
function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}

/** The contents, search and settings sheets, each mounted the first time it opens. */
export function ReaderSheets({
  bookId,
  panel,
  setPanel,
  toc,
  settings,
}: {
  bookId: string;
  panel: ReaderPanel | null;
  setPanel: Dispatch<SetStateAction<ReaderPanel | null>>;
  toc: Pick<ComponentProps<typeof TocSheetType>, "entries" | "currentAnchorId" | "onChoose" | "onClosed">;
  settings: Pick<ComponentProps<typeof SettingsSheetType>, "settings" | "onChange" | "appTheme" | "rotation">;
}) {
  const tocMounted = useOpenedOnce(panel === "toc");
  const settingsMounted = useOpenedOnce(panel === "settings");
  const searchMounted = useOpenedOnce(panel === "search");
  return (
    <>
      {tocMounted ? (
        <Suspense fallback={null}>
          <TocSheet
            {...toc}
            open={panel === "toc"}
            // Its dialog's close event comes after a switch to the search sheet, which must stay open.
            onClose={() => setPanel((shown) => (shown === "toc" ? null : shown))}
            onSearch={() => setPanel("search")}
          />
        </Suspense>
      ) : null}
      {searchMounted ? (
        <Suspense fallback={null}>
          <BookSearchSheet bookId={bookId} open={panel === "search"} onClose={() => setPanel(null)} />
        </Suspense>
      ) : null}
      {settingsMounted ? (
        <Suspense fallback={null}>
          <SettingsSheet {...settings} open={panel === "settings"} onClose={() => setPanel(null)} />
        </Suspense>
      ) : null}
    </>
  );
}
