import type { Book } from "@quire/core";
import type { OpdsFeed, OpdsNavigation } from "./opds.service";
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
  OPDS1_ROOT,
  pagingLinks,
  THUMBNAIL_REL,
} from "./opds-links";
import { el, type XmlElement, xmlDocument } from "./xml-writer";

export const ATOM_NAVIGATION = "application/atom+xml;profile=opds-catalog;kind=navigation";
export const ATOM_ACQUISITION = "application/atom+xml;profile=opds-catalog;kind=acquisition";
export const OPENSEARCH_TYPE = "application/opensearchdescription+xml";
export const OPENSEARCH_PATH = `${OPDS1_ROOT}/opensearch.xml`;

const NAMESPACES = {
  xmlns: "http://www.w3.org/2005/Atom",
  "xmlns:dc": "http://purl.org/dc/terms/",
  "xmlns:opds": "http://opds-spec.org/2010/catalog",
  "xmlns:opensearch": "http://a9.com/-/spec/opensearch/1.1/",
};

const typeOf = (kind: OpdsFeed["kind"]) => (kind === "navigation" ? ATOM_NAVIGATION : ATOM_ACQUISITION);
const link = (rel: string, href: string, type: string | undefined, title?: string) =>
  el("link", { rel, href, type, title });

/** An OPDS 1.2 catalogue feed (Atom), every link absolute on `origin`; `self` is the address asked for. */
export function presentAtomFeed(feed: OpdsFeed, origin: string, self: string): string {
  const at = (path: string) => absolute(origin, path);
  const type = typeOf(feed.kind);
  return xmlDocument(
    el(
      "feed",
      NAMESPACES,
      el("id", {}, feed.id),
      el("title", {}, feed.title),
      el("updated", {}, feed.updated),
      el("author", {}, el("name", {}, "Quire"), el("uri", {}, at("/"))),
      link("self", at(self), type),
      link("start", at(OPDS1_ROOT), ATOM_NAVIGATION, "Quire"),
      feed.path === "" ? undefined : link("up", at(OPDS1_ROOT), ATOM_NAVIGATION, "Quire"),
      link("search", at(OPENSEARCH_PATH), OPENSEARCH_TYPE, "Search Quire"),
      ...pagingLinks(feed, OPDS1_ROOT).map(({ rel, href }) => link(rel, at(href), type)),
      feed.total === undefined ? undefined : el("opensearch:totalResults", {}, String(feed.total)),
      feed.pageSize === undefined ? undefined : el("opensearch:itemsPerPage", {}, String(feed.pageSize)),
      ...feed.navigation.map((item) => navigationEntry(item, feed, at)),
      ...feed.books.map((book) => bookEntry(book, origin)),
    ),
  );
}

function navigationEntry(item: OpdsNavigation, feed: OpdsFeed, at: (path: string) => string): XmlElement {
  return el(
    "entry",
    {},
    el("title", {}, item.title),
    el("id", {}, `${feed.id}:${item.path}`),
    el("updated", {}, feed.updated),
    el("content", { type: "text" }, item.summary),
    link(item.rel ?? "subsection", at(`${OPDS1_ROOT}${item.path}`), typeOf(item.opens), item.title),
  );
}

function bookEntry(book: Book, origin: string): XmlElement {
  const cover = coverLinks(book, origin);
  return el(
    "entry",
    {},
    el("title", {}, book.title),
    el("id", {}, `urn:quire:book:${book.id}`),
    el("updated", {}, bookUpdated(book)),
    ...book.authors.map((name) => el("author", {}, el("name", {}, name))),
    book.launchedDate ? el("dc:issued", {}, book.launchedDate.slice(0, 10)) : undefined,
    book.summary ? el("summary", { type: "text" }, book.summary) : undefined,
    cover ? link(IMAGE_REL, cover.cover, imageType(cover.cover)) : undefined,
    cover ? link(THUMBNAIL_REL, cover.thumbnail, imageType(cover.thumbnail)) : undefined,
    link("alternate", absolute(origin, bookPagePath(book.id)), "text/html", "On Quire"),
    link(ACQUISITION_REL, absolute(origin, downloadPath(book.id)), EPUB_TYPE, "EPUB"),
  );
}

/** The OpenSearch description a client fills `{searchTerms}` into. */
export function presentOpenSearch(origin: string): string {
  return xmlDocument(
    el(
      "OpenSearchDescription",
      { xmlns: "http://a9.com/-/spec/opensearch/1.1/" },
      el("ShortName", {}, "Quire"),
      el("Description", {}, "Search Quire's books by title, author or description."),
      el("InputEncoding", {}, "UTF-8"),
      el("OutputEncoding", {}, "UTF-8"),
      el("Url", { type: ATOM_ACQUISITION, template: `${absolute(origin, `${OPDS1_ROOT}/search`)}?q={searchTerms}` }),
    ),
  );
}
