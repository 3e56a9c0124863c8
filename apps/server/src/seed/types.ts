import type { CompletionStatus, PublishingLabel } from "@quire/core";

/** A character as the book page lists it. */
export interface DemoCharacter {
  name: string;
  description: string;
}

/**
 * One chapter of demo prose. `body` is light markup that `chapterHtml` turns into safe HTML:
 * blank lines separate paragraphs, a line `***` is a scene break, a block starting with `> ` is a
 * quotation, straight quotes become typographic ones, and inline `<em>` / `<strong>` pass through.
 */
export interface DemoChapter {
  title: string;
  body: string;
}

/** The words of a demo book: everything a reader sees inside it. Written for Quire; never copied. */
export interface DemoBookText {
  title: string;
  summary: string;
  teaser: string;
  characters: DemoCharacter[];
  moods: string[];
  chapters: DemoChapter[];
}

/** Where a book stands in its life, relative to the moment the seed runs. */
export type DemoLaunch =
  | { status: "launched"; launchedDaysAgo: number; addedDaysBeforeLaunch: number }
  | { status: "scheduled"; launchesInDays: number; addedDaysAgo: number }
  | { status: "wip"; addedDaysAgo: number };

/** Catalogue facts about a demo book: who wrote it, how it is labelled and when it appeared. */
export interface DemoBook {
  text: DemoBookText;
  /** Author user ids, in byline order. */
  authorIds: string[];
  /** Genre display names; the genre id is their slug. The first one picks the cover palette. */
  genres: string[];
  launch: DemoLaunch;
  publishingLabel: PublishingLabel;
  completionStatus: CompletionStatus;
  /** false hides the book from everyone but its authors (exactly one demo book is hidden). */
  display: boolean;
}

export interface DemoUser {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  description: string;
  location: string;
  social: { instagram?: string; x?: string };
  isAuthor: boolean;
  joinedDaysAgo: number;
  signUpForBeta: boolean;
  acceptedTracking: boolean;
}

/**
 * What one demo user does with the catalogue. Books are referenced by id.
 * `reading` maps a book to its progress (1–99); `finished` books are at 100.
 */
export interface DemoActivity {
  userId: string;
  finished: string[];
  reading: Record<string, number>;
  starred: string[];
  wantToRead: string[];
  /** Scheduled books this user asked to be told about when they launch. */
  notifyOnLaunch: string[];
  follows: string[];
}
