import type { Book } from "@quire/core";
import type { Opds2Feed, OpdsLink, OpdsPublication } from "./opds.contract";
import type { OpdsFeed } from "./opds.service";
import {
  ACQUISITION_REL,
  absolute,
  bookPagePath,
  bookUpdated,
  coverLinks,
  downloadPath,
  EPUB_TYPE,
  IMAGE_REL,
  imageType,
  OPDS2_ROOT,
  pagingLinks,
  THUMBNAIL_REL,
} from "./opds-links";

export const OPDS2_TYPE = "application/opds+json";

/** An OPDS 2.0 feed (JSON, as Thorium and Readium read it), every link absolute on `origin`. */
export function presentOpds2Feed(feed: OpdsFeed, origin: string, self: string): Opds2Feed {
  const at = (path: string) => absolute(origin, path);
  const links: OpdsLink[] = [
    { rel: "self", href: at(self), type: OPDS2_TYPE },
    { rel: "start", href: at(OPDS2_ROOT), type: OPDS2_TYPE, title: "Quire" },
    ...(feed.path === "" ? [] : [{ rel: "up", href: at(OPDS2_ROOT), type: OPDS2_TYPE, title: "Quire" }]),
    { rel: "search", href: `${at(`${OPDS2_ROOT}/search`)}{?q}`, type: OPDS2_TYPE, templated: true },
    ...pagingLinks(feed, OPDS2_ROOT).map(({ rel, href }) => ({ rel, href: at(href), type: OPDS2_TYPE })),
  ];
  return {
    metadata: {
      title: feed.title,
      modified: feed.updated,
      ...(feed.total !== undefined && { numberOfItems: feed.total }),
      ...(feed.pageSize !== undefined && { itemsPerPage: feed.pageSize }),
    },
    links,
    ...(feed.kind === "navigation"
      ? {
          navigation: feed.navigation.map((item) => ({
            href: at(`${OPDS2_ROOT}${item.path}`),
            title: item.title,
            type: OPDS2_TYPE,
            ...(item.rel && { rel: item.rel }),
          })),
        }
      : { publications: feed.books.map((book) => publication(book, origin)) }),
  };
}

function publication(book: Book, origin: string): OpdsPublication {
  const cover = coverLinks(book, origin);
  const image = (href: string, rel: string) => ({ href, rel, ...withType(imageType(href)) });
  return {
    metadata: {
      "@type": "http://schema.org/Book",
      identifier: `urn:quire:book:${book.id}`,
      title: book.title,
      author: book.authors.map((name) => ({ name })),
      ...(book.summary && { description: book.summary }),
      modified: bookUpdated(book),
      ...(book.launchedDate && { published: book.launchedDate }),
    },
    links: [
      { rel: "alternate", href: absolute(origin, bookPagePath(book.id)), type: "text/html" },
      { rel: ACQUISITION_REL, href: absolute(origin, downloadPath(book.id)), type: EPUB_TYPE },
    ],
    images: cover ? [image(cover.cover, IMAGE_REL), image(cover.thumbnail, THUMBNAIL_REL)] : [],
  };
}

const withType = (type: string | undefined) => (type ? { type } : {});
