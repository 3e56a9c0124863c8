import type { Character, StudioBook, StudioChapter, StudioChapterSummary } from "@quire/core";
import { parseJson } from "../../db/json";
import { presentBook } from "../catalog";
import type { EditableBook, StudioChapterRow } from "./studio.repository";

export function presentStudioBook(found: EditableBook, chapters: StudioChapterRow[]): StudioBook {
  return {
    book: presentBook(found.book, { genreRefs: found.genreRefs, categoryRefs: found.categoryRefs }),
    teaser: found.data?.bookTeaser ?? "",
    characters: parseJson<Character[]>(found.data?.characters, []),
    moods: parseJson<string[]>(found.data?.moods, []),
    wordCount: found.data?.wordCount ?? 0,
    timeToReadMinutes: found.data?.timeToReadMinutes ?? 0,
    chapters: chapters.map(presentChapterSummary),
  };
}

export function presentChapterSummary(row: StudioChapterRow): StudioChapterSummary {
  return {
    anchorId: row.anchorId,
    name: row.name,
    chapterNumber: row.chapterNumber,
    wordCount: row.wordCount,
    updatedAt: row.updatedAt,
  };
}

export function presentChapter(row: StudioChapterRow & { html: string; markdown: string | null }): StudioChapter {
  return { ...presentChapterSummary(row), markdown: row.markdown ?? "", html: row.html };
}
