import { aMapOfQuietStars } from "./books/a-map-of-quiet-stars";
import { aSeasonOfBorrowedUmbrellas } from "./books/a-season-of-borrowed-umbrellas";
import { beneathTheGlassDunes } from "./books/beneath-the-glass-dunes";
import { fieldNotesForASmallPlanet } from "./books/field-notes-for-a-small-planet";
import { orbitOfSmallHours } from "./books/orbit-of-small-hours";
import { theBakeryAtTheEndOfTheLine } from "./books/the-bakery-at-the-end-of-the-line";
import { theCommitteeForThePreventionOfDragons } from "./books/the-committee-for-the-prevention-of-dragons";
import { theNightTelegraph } from "./books/the-night-telegraph";
import { theNinthKeyOfLarkspurLane } from "./books/the-ninth-key-of-larkspur-lane";
import { theQuietFloor } from "./books/the-quiet-floor";
import { theSaltLantern } from "./books/the-salt-lantern";
import { theUnderstudy } from "./books/the-understudy";
import { whatTheRiverKept } from "./books/what-the-river-kept";
import type { DemoBook } from "./types";

/** Genre display names; ids are their slugs ("Science Fiction" → "science-fiction"). */
export const DEMO_GENRES = [
  "Fantasy",
  "Science Fiction",
  "Mystery",
  "Romance",
  "Literary Fiction",
  "Horror",
  "Adventure",
  "Poetry",
  "Humour",
  "Historical Fiction",
] as const;

type GenreName = (typeof DEMO_GENRES)[number];
type CatalogBook = DemoBook & { genres: GenreName[] };

/**
 * The demo catalogue. Book ids are the slugs of the titles. The first book doubles as the marker
 * the seeder looks for to know the demo is already there, so keep it first.
 */
export const DEMO_BOOKS: CatalogBook[] = [
  {
    text: theSaltLantern,
    authorIds: ["mara-okafor"],
    genres: ["Fantasy", "Adventure"],
    launch: { status: "launched", launchedDaysAgo: 420, addedDaysBeforeLaunch: 45 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: true,
  },
  {
    text: orbitOfSmallHours,
    authorIds: ["theo-lindqvist"],
    genres: ["Science Fiction", "Literary Fiction"],
    launch: { status: "launched", launchedDaysAgo: 392, addedDaysBeforeLaunch: 30 },
    publishingLabel: "community-featured",
    completionStatus: "complete",
    display: true,
  },
  {
    text: theNinthKeyOfLarkspurLane,
    authorIds: ["jonah-whitcombe"],
    genres: ["Mystery", "Humour"],
    launch: { status: "launched", launchedDaysAgo: 512, addedDaysBeforeLaunch: 21 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: true,
  },
  {
    text: aSeasonOfBorrowedUmbrellas,
    authorIds: ["priya-raman"],
    genres: ["Romance"],
    launch: { status: "launched", launchedDaysAgo: 12, addedDaysBeforeLaunch: 38 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: true,
  },
  {
    text: whatTheRiverKept,
    authorIds: ["ines-carvalho"],
    genres: ["Literary Fiction"],
    launch: { status: "launched", launchedDaysAgo: 401, addedDaysBeforeLaunch: 60 },
    publishingLabel: "community-featured",
    completionStatus: "complete",
    display: true,
  },
  {
    text: theQuietFloor,
    authorIds: ["august-mercer"],
    genres: ["Horror", "Mystery"],
    launch: { status: "launched", launchedDaysAgo: 26, addedDaysBeforeLaunch: 19 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: true,
  },
  {
    text: beneathTheGlassDunes,
    authorIds: ["noor-haddad"],
    genres: ["Adventure", "Fantasy"],
    launch: { status: "launched", launchedDaysAgo: 41, addedDaysBeforeLaunch: 50 },
    publishingLabel: "community-featured",
    // A serial: launched, with more chapters still to come.
    completionStatus: "wip",
    display: true,
  },
  {
    text: fieldNotesForASmallPlanet,
    authorIds: ["ines-carvalho"],
    genres: ["Poetry"],
    launch: { status: "launched", launchedDaysAgo: 371, addedDaysBeforeLaunch: 14 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: true,
  },
  {
    text: theCommitteeForThePreventionOfDragons,
    authorIds: ["wren-fairbanks", "jonah-whitcombe"],
    genres: ["Humour", "Fantasy"],
    launch: { status: "launched", launchedDaysAgo: 5, addedDaysBeforeLaunch: 28 },
    publishingLabel: "community-featured",
    completionStatus: "complete",
    display: true,
  },
  {
    text: theNightTelegraph,
    authorIds: ["jonah-whitcombe"],
    genres: ["Historical Fiction", "Romance"],
    launch: { status: "launched", launchedDaysAgo: 611, addedDaysBeforeLaunch: 33 },
    publishingLabel: "community-featured",
    completionStatus: "complete",
    display: true,
  },
  {
    text: aMapOfQuietStars,
    authorIds: ["theo-lindqvist"],
    genres: ["Science Fiction", "Romance"],
    launch: { status: "scheduled", launchesInDays: 9, addedDaysAgo: 23 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: true,
  },
  {
    text: theBakeryAtTheEndOfTheLine,
    authorIds: ["priya-raman"],
    genres: ["Literary Fiction", "Humour"],
    launch: { status: "wip", addedDaysAgo: 31 },
    publishingLabel: "community-original",
    completionStatus: "wip",
    display: true,
  },
  {
    // Withdrawn by its author for revision: the one hidden demo book.
    text: theUnderstudy,
    authorIds: ["august-mercer"],
    genres: ["Mystery", "Literary Fiction"],
    launch: { status: "launched", launchedDaysAgo: 180, addedDaysBeforeLaunch: 40 },
    publishingLabel: "community-original",
    completionStatus: "complete",
    display: false,
  },
];

/** Curated shelves on the home page, in their set order; books listed in shelf order by title. */
export const DEMO_CATEGORIES: { name: string; bookTitles: string[] }[] = [
  {
    name: "Staff picks",
    bookTitles: [
      theSaltLantern.title,
      theQuietFloor.title,
      whatTheRiverKept.title,
      theNightTelegraph.title,
      aSeasonOfBorrowedUmbrellas.title,
    ],
  },
  {
    name: "Short reads for a rainy day",
    bookTitles: [
      aSeasonOfBorrowedUmbrellas.title,
      theCommitteeForThePreventionOfDragons.title,
      fieldNotesForASmallPlanet.title,
      theNinthKeyOfLarkspurLane.title,
    ],
  },
  {
    name: "Worlds to get lost in",
    bookTitles: [
      beneathTheGlassDunes.title,
      theSaltLantern.title,
      orbitOfSmallHours.title,
      theCommitteeForThePreventionOfDragons.title,
    ],
  },
];
