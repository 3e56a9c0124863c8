import { DocumentSlots, matching, PrefixIndex, subtract, topSlots, type WordGroups } from "./memory-index";

/** What a searchable book (shown, launched or scheduled) is found by, and ranked by. */
export interface BookText {
  id: string;
  title: string;
  /** JSON array of names, as books store it. */
  authors: string;
  summary: string;
  interactionScore: number;
}

export interface PersonText {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  interactionScore: number;
  /** Writes on Quire (has an author row): suggested as an author. */
  isAuthor: boolean;
}

export type PersonLabel = Omit<PersonText, "interactionScore">;

export interface BookLabel {
  id: string;
  title: string;
  /** JSON array of names. */
  authors: string;
}

/** A changed text takes a new slot; once this many are dead (and a tenth of all), a rebuild pays. */
const DEAD_SLOTS_BEFORE_REBUILD = 1_000;

function wasteful(docs: DocumentSlots): boolean {
  return docs.dead > DEAD_SLOTS_BEFORE_REBUILD && docs.dead * 10 > docs.size;
}

/**
 * Searchable books by the beginnings of their words: title and authors (the first ranking tier, and the
 * words spelling is corrected against), summaries apart.
 */
export class BookIndex {
  private readonly docs = new DocumentSlots();
  private readonly titles: PrefixIndex;
  private readonly summaries: PrefixIndex;
  private readonly labels: BookLabel[] = [];

  constructor(rows: readonly BookText[]) {
    for (const row of rows) this.slot(row);
    this.titles = new PrefixIndex(rows.map(titleText));
    this.summaries = new PrefixIndex(rows.map((row) => row.summary));
  }

  get wasteful(): boolean {
    return wasteful(this.docs);
  }

  /** A book whose text (or visibility) changed: its words are read again. */
  put(row: BookText): void {
    this.docs.forget(row.id);
    const slot = this.slot(row);
    this.titles.add(slot, titleText(row));
    this.summaries.add(slot, row.summary);
  }

  rescore(id: string, score: number): void {
    this.docs.rescore(id, score);
  }

  forget(id: string): void {
    this.docs.forget(id);
  }

  has(id: string): boolean {
    return this.docs.slotOf(id) !== undefined;
  }

  beginsSomeWord(word: string): boolean {
    return this.titles.beginsSomeWord(word);
  }

  spellingCandidates(word: string, limit: number): string[] {
    return this.titles.candidates(word, limit);
  }

  /** Ids of the best `limit` books matching every group in title or authors. */
  inTitles(groups: WordGroups, limit: number): string[] {
    return this.ids(topSlots(matching(this.docs, [this.titles], groups), this.docs, limit));
  }

  /** Ids of the best `limit` books that match only with their summaries' words. */
  onlyWithSummaries(groups: WordGroups, limit: number): string[] {
    const bits = matching(this.docs, [this.titles, this.summaries], groups);
    subtract(bits, matching(this.docs, [this.titles], groups));
    return this.ids(topSlots(bits, this.docs, limit));
  }

  labelsInTitles(groups: WordGroups, limit: number): BookLabel[] {
    return topSlots(matching(this.docs, [this.titles], groups), this.docs, limit).map(
      (slot) => this.labels[slot] as BookLabel,
    );
  }

  private slot(row: BookText): number {
    const slot = this.docs.add(row.id, row.interactionScore);
    this.labels[slot] = { id: row.id, title: row.title, authors: row.authors };
    return slot;
  }

  private ids(slots: number[]): string[] {
    return slots.map((slot) => this.docs.ids[slot] as string);
  }
}

function titleText(row: BookText): string {
  return `${row.title} ${row.authors}`;
}

/** People by the beginnings of their first name, last name and username (never email). */
export class PersonIndex {
  private readonly docs = new DocumentSlots();
  private readonly names: PrefixIndex;
  private readonly labels: PersonLabel[] = [];

  constructor(rows: readonly PersonText[]) {
    for (const row of rows) this.slot(row);
    this.names = new PrefixIndex(rows.map(nameText));
  }

  get wasteful(): boolean {
    return wasteful(this.docs);
  }

  put(row: PersonText): void {
    this.docs.forget(row.id);
    this.names.add(this.slot(row), nameText(row));
  }

  rescore(id: string, score: number): void {
    this.docs.rescore(id, score);
  }

  forget(id: string): void {
    this.docs.forget(id);
  }

  has(id: string): boolean {
    return this.docs.slotOf(id) !== undefined;
  }

  beginsSomeWord(word: string): boolean {
    return this.names.beginsSomeWord(word);
  }

  spellingCandidates(word: string, limit: number): string[] {
    return this.names.candidates(word, limit);
  }

  /** Ids of the best `limit` people matching every group. */
  matching(groups: WordGroups, limit: number): string[] {
    return this.best(groups, limit).map((slot) => this.docs.ids[slot] as string);
  }

  labelsMatching(groups: WordGroups, limit: number): PersonLabel[] {
    return this.best(groups, limit).map((slot) => this.labels[slot] as PersonLabel);
  }

  private best(groups: WordGroups, limit: number): number[] {
    return topSlots(matching(this.docs, [this.names], groups), this.docs, limit);
  }

  private slot(row: PersonText): number {
    const slot = this.docs.add(row.id, row.interactionScore);
    const { interactionScore: _, ...label } = row;
    this.labels[slot] = label;
    return slot;
  }
}

function nameText(row: PersonText): string {
  return `${row.firstName} ${row.lastName} ${row.username}`;
}
