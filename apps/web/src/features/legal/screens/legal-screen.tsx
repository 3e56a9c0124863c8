import { renderMarkdown } from "@quire/core";
import { useMemo } from "react";
import { useScreenTitle } from "../../../lib/screen-title";
import privacy from "../content/privacy.md?raw";
import terms from "../content/terms.md?raw";

const PAGES = {
  terms: { title: "Terms of use", markdown: terms },
  privacy: { title: "Privacy", markdown: privacy },
} as const;

const PROSE = [
  "[&_h1]:mb-6 [&_h1]:font-serif [&_h1]:text-4xl [&_h1]:font-semibold [&_h1]:tracking-tight",
  "[&_h2]:mt-8 [&_h2]:mb-3 [&_h2]:font-serif [&_h2]:text-2xl [&_h2]:font-semibold [&_p]:my-3",
  "[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_li]:my-1.5 [&_strong]:text-ink [&_a]:text-accent [&_a]:underline",
  "[&_code]:rounded [&_code]:bg-sunken [&_code]:px-1 [&_code]:font-mono [&_code]:text-sm",
].join(" ");

/** /terms and /privacy: Markdown files bundled with the app, rendered by core's escaping renderer. */
export function LegalScreen({ page }: { page: keyof typeof PAGES }) {
  const { title, markdown } = PAGES[page];
  useScreenTitle(title);
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  return (
    <article
      className={`mx-auto max-w-3xl px-4 py-10 text-ink leading-relaxed md:px-6 md:py-14 ${PROSE}`}
      data-testid={`legal-${page}`}
      // The renderer escapes every character of the source and writes only its own tags.
      // biome-ignore lint/security/noDangerouslySetInnerHtml: output of the safe Markdown renderer
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

export const TermsScreen = () => <LegalScreen page="terms" />;
export const PrivacyScreen = () => <LegalScreen page="privacy" />;
