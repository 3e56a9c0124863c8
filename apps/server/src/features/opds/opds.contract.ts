import { defineContract, IdSchema, SystemListSchema } from "@quire/core";
import { z } from "zod";

/**
 * The catalogue for reading apps (KOReader, Thorium, Moon+ Reader…): OPDS 1.2 Atom under /opds and OPDS 2.0
 * JSON under /opds/v2. It lives with its feature rather than in @quire/core: the web app never calls it.
 */
export const OPDS_BOOK_FEEDS = ["new", "popular", "classics", "community"] as const;
export const OpdsBookFeedSchema = z.enum(OPDS_BOOK_FEEDS);
export type OpdsBookFeed = z.infer<typeof OpdsBookFeedSchema>;

/** Keyset paging both ways: `after` the last book of a page, or `before` the first. */
export const OpdsPageQuerySchema = z.object({
  after: z.string().max(512).optional(),
  before: z.string().max(512).optional(),
});
export type OpdsPageQuery = z.infer<typeof OpdsPageQuerySchema>;

export const OpdsSearchQuerySchema = z.object({
  q: z.string().trim().min(1, "Search for words made of letters or digits.").max(200),
  cursor: z.string().max(512).optional(),
});

const OpdsLinkSchema = z.object({
  href: z.string(),
  rel: z.string().optional(),
  type: z.string().optional(),
  title: z.string().optional(),
  templated: z.boolean().optional(),
  properties: z.object({ numberOfItems: z.number().int().nonnegative() }).optional(),
});
export type OpdsLink = z.infer<typeof OpdsLinkSchema>;

const OpdsPublicationSchema = z.object({
  metadata: z.object({
    "@type": z.literal("http://schema.org/Book"),
    identifier: z.string(),
    title: z.string(),
    author: z.array(z.object({ name: z.string() })),
    description: z.string().optional(),
    modified: z.string(),
    published: z.string().optional(),
  }),
  links: z.array(OpdsLinkSchema),
  images: z.array(OpdsLinkSchema),
});
export type OpdsPublication = z.infer<typeof OpdsPublicationSchema>;

export const Opds2FeedSchema = z.object({
  metadata: z.object({
    title: z.string(),
    modified: z.string(),
    numberOfItems: z.number().int().nonnegative().optional(),
    itemsPerPage: z.number().int().positive().optional(),
  }),
  links: z.array(OpdsLinkSchema),
  navigation: z.array(OpdsLinkSchema).optional(),
  publications: z.array(OpdsPublicationSchema).optional(),
});
export type Opds2Feed = z.infer<typeof Opds2FeedSchema>;

const IdParamsSchema = z.object({ id: IdSchema });
const GenreParamsSchema = z.object({ genreId: IdSchema });
const CategoryParamsSchema = z.object({ categoryId: IdSchema });
const FeedParamsSchema = z.object({ feed: OpdsBookFeedSchema });
const ShelfParamsSchema = z.object({ list: SystemListSchema });
const ERRORS = [400, 404] as const;
const AtomFeed = z.string().meta({ description: "An OPDS 1.2 catalogue feed (application/atom+xml)." });
const atom = (path: string) => ({ method: "GET", path, response: AtomFeed }) as const;
const pagedAtom = <P extends z.ZodType>(path: string, params: P) =>
  ({ ...atom(path), params, query: OpdsPageQuerySchema, errors: ERRORS }) as const;
const json = (path: string) => ({ method: "GET", path, response: Opds2FeedSchema }) as const;
const pagedJson = <P extends z.ZodType>(path: string, params: P) =>
  ({ ...json(path), params, query: OpdsPageQuerySchema, errors: ERRORS }) as const;

export const opdsContract = defineContract({
  "opds.root": atom("/opds"),
  "opds.books": pagedAtom("/opds/books/:feed", FeedParamsSchema),
  "opds.genres": atom("/opds/genres"),
  "opds.genre": pagedAtom("/opds/genres/:genreId", GenreParamsSchema),
  "opds.categories": atom("/opds/categories"),
  "opds.category": pagedAtom("/opds/categories/:categoryId", CategoryParamsSchema),
  "opds.search": { ...atom("/opds/search"), query: OpdsSearchQuerySchema, errors: ERRORS },
  "opds.shelves": { ...atom("/opds/shelves"), errors: [401] },
  "opds.shelf": { ...atom("/opds/shelves/:list"), params: ShelfParamsSchema, errors: [400, 401] },
  "opds.openSearch": {
    method: "GET",
    path: "/opds/opensearch.xml",
    response: z.string().meta({ description: "The OpenSearch description of /opds/search." }),
  },
  "opds.download": {
    method: "GET",
    path: "/opds/books/:id/download.epub",
    params: IdParamsSchema,
    response: z.any().meta({ description: "The book as an EPUB file (application/epub+zip)." }),
    errors: ERRORS,
  },
  "opds2.root": json("/opds/v2"),
  "opds2.books": pagedJson("/opds/v2/books/:feed", FeedParamsSchema),
  "opds2.genres": json("/opds/v2/genres"),
  "opds2.genre": pagedJson("/opds/v2/genres/:genreId", GenreParamsSchema),
  "opds2.categories": json("/opds/v2/categories"),
  "opds2.category": pagedJson("/opds/v2/categories/:categoryId", CategoryParamsSchema),
  "opds2.search": { ...json("/opds/v2/search"), query: OpdsSearchQuerySchema, errors: ERRORS },
  "opds2.shelves": { ...json("/opds/v2/shelves"), errors: [401] },
  "opds2.shelf": { ...json("/opds/v2/shelves/:list"), params: ShelfParamsSchema, errors: [400, 401] },
});
