import { createContext, type ReactNode, useContext, useEffect, useState } from "react";

export const APP_NAME = "Quire";
export const DEFAULT_DOCUMENT_TITLE = "Quire — read, track and share books";

type SetTitle = (title: string) => void;

const TitleValueContext = createContext<string>("");
const SetTitleContext = createContext<SetTitle>(() => {});

export function ScreenTitleProvider({ children }: { children: ReactNode }) {
  const [title, setTitle] = useState("");
  return (
    <SetTitleContext.Provider value={setTitle}>
      <TitleValueContext.Provider value={title}>{children}</TitleValueContext.Provider>
    </SetTitleContext.Provider>
  );
}

/** The title the phone top bar shows. */
export function useCurrentScreenTitle(): string {
  return useContext(TitleValueContext);
}

export function documentTitleFor(title: string | undefined): string {
  return title ? `${title} — ${APP_NAME}` : DEFAULT_DOCUMENT_TITLE;
}

/**
 * Names the current screen: the top bar shows `title`; the tab shows "<title> — Quire",
 * or the default title when `useDefaultDocumentTitle` (the home page).
 */
export function useScreenTitle(title: string | undefined, options: { useDefaultDocumentTitle?: boolean } = {}) {
  const setTitle = useContext(SetTitleContext);
  const { useDefaultDocumentTitle = false } = options;
  useEffect(() => {
    setTitle(title ?? "");
    document.title = useDefaultDocumentTitle ? DEFAULT_DOCUMENT_TITLE : documentTitleFor(title);
  }, [title, useDefaultDocumentTitle, setTitle]);
}
