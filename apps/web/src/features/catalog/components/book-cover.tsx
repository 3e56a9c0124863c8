import type { Book } from "@quire/core";
import { coverImageUrl, type ThumbnailSize } from "@quire/core/thumbnails";
import { useState } from "react";
import { hashString } from "../../../lib/format";
import { fileUrl } from "../../../lib/native/config";

/** Cloth-bound colour pairs for books without a cover; cream type on each stays above 7:1. */
const FALLBACK_PALETTES = [
  ["#7b2d1a", "#a8482a"],
  ["#1f3b63", "#2e5a8f"],
  ["#27452f", "#3c6b48"],
  ["#4b2a5e", "#6f4388"],
  ["#5b3a12", "#8a5a1f"],
  ["#233f45", "#2f6068"],
  ["#6a1f3b", "#93325a"],
  ["#2c2c48", "#45456e"],
] as const;

export interface BookCoverProps {
  book: Pick<Book, "id" | "title" | "authors" | "imageUrl">;
  /** Alt text: "" when the title is printed right beside the cover. */
  alt?: string;
  eager?: boolean;
  className?: string;
  /** Which thumbnail suits the place: 268 px for cards (the default), 556 px for a book's own page. */
  size?: ThumbnailSize;
}

export function BookCover({ book, alt = "", eager = false, className = "", size = "small" }: BookCoverProps) {
  // The thumbnail first, the cover itself if that fails (SPEC §7), then the cloth fallback.
  const [failed, setFailed] = useState<string[]>([]);
  const sources = book.imageUrl ? [coverImageUrl(book.imageUrl, size), book.imageUrl].map(fileUrl) : [];
  const src = sources.find((url) => !failed.includes(url));
  const frame = `@container relative aspect-[2/3] w-full overflow-hidden rounded-lg bg-sunken shadow-card ring-1 ring-black/5 dark:ring-white/10 ${className}`;

  if (src) {
    return (
      <div className={frame}>
        <img
          src={src}
          alt={alt}
          width={400}
          height={600}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          onError={() => setFailed((urls) => [...urls, src])}
          className="absolute inset-0 size-full object-cover"
        />
      </div>
    );
  }

  const [from, to] = FALLBACK_PALETTES[hashString(book.id) % FALLBACK_PALETTES.length] ?? FALLBACK_PALETTES[0];
  return (
    <div
      className={frame}
      {...(alt ? { role: "img", "aria-label": alt } : {})}
      data-testid="fallback-cover"
      style={{ backgroundImage: `linear-gradient(155deg, ${from}, ${to})` }}
    >
      <div
        aria-hidden="true"
        className="absolute inset-[7%] flex flex-col items-center justify-between border border-[#f6ecd8]/40 px-[8%] py-[12%] text-center text-[#fbf4e6]"
      >
        <span className="h-px w-1/3 bg-[#f6ecd8]/50" />
        <span className="line-clamp-5 hyphens-auto break-words font-semibold font-serif text-[clamp(0.6rem,9.5cqw,1.9rem)] leading-tight">
          {book.title}
        </span>
        <span className="line-clamp-2 break-words text-[clamp(0.5rem,6cqw,0.85rem)] uppercase tracking-[0.12em] opacity-90">
          {book.authors.join(", ")}
        </span>
      </div>
      <span aria-hidden="true" className="absolute inset-y-0 left-0 w-[6%] bg-black/15" />
    </div>
  );
}
