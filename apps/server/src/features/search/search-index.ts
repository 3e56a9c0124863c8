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

/**
 * Documents found by the beginnings of their words and ranked by interaction score. `words` are those the first
 * tier matches and spelling is corrected against; a subclass may keep more.
 */
abstract class RankedIndex<Row extends { id: string; interactionScore: number }, Label> {
  protected readonly docs = new DocumentSlots();
  protected readonly words: PrefixIndex;
  private readonly labels: Label[] = [];

  constructor(
    rows: readonly Row[],
    private readonly text: (row: Row) => string,
    private readonly label: (row: Row) => Label,
  ) {
    for (const row of rows) this.slot(row);
    this.words = new PrefixIndex(rows.map(text));
  }

  get wasteful(): boolean {
    return this.docs.dead > DEAD_SLOTS_BEFORE_REBUILD && this.docs.dead * 10 > this.docs.size;
  }

  /** A document whose text (or visibility) changed: its words are read again, into a new slot. */
  put(row: Row): number {
    this.docs.forget(row.id);
    const slot = this.slot(row);
    this.words.add(slot, this.text(row));
    return slot;
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
    return this.words.beginsSomeWord(word);
  }

  spellingCandidates(word: string, limit: number): string[] {
    return this.words.candidates(word, limit);
  }

  /** Ids of the best `limit` documents matching every group. */
  matching(groups: WordGroups, limit: number): string[] {
    return this.ids(this.best(matching(this.docs, [this.words], groups), limit));
  }

  labelsMatching(groups: WordGroups, limit: number): Label[] {
    return this.best(matching(this.docs, [this.words], groups), limit).map((slot) => this.labels[slot] as Label);
  }

  protected best(bits: Uint32Array, limit: number): number[] {
    return topSlots(bits, this.docs, limit);
  }

  protected ids(slots: number[]): string[] {
    return slots.map((slot) => this.docs.ids[slot] as string);
  }

  private slot(row: Row): number {
    const slot = this.docs.add(row.id, row.interactionScore);
    this.labels[slot] = this.label(row);
    return slot;
  }
}

/** Searchable books: title and authors are the first tier's words; summaries are kept apart for the second. */
export class BookIndex extends RankedIndex<BookText, BookLabel> {
  private readonly summaries: PrefixIndex;

  constructor(rows: readonly BookText[]) {
    super(
      rows,
      (row) => `${row.title} ${row.authors}`,
      (row) => ({ id: row.id, title: row.title, authors: row.authors }),
    );
    this.summaries = new PrefixIndex(rows.map((row) => row.summary));
  }

  override put(row: BookText): number {
    const slot = super.put(row);
    this.summaries.add(slot, row.summary);
    return slot;
  }

  /** Ids of the best `limit` books that match only with their summaries' words. */
  onlyWithSummaries(groups: WordGroups, limit: number): string[] {
    const bits = matching(this.docs, [this.words, this.summaries], groups);
    subtract(bits, matching(this.docs, [this.words], groups));
    return this.ids(this.best(bits, limit));
  }
}

/** People by first name, last name and username (never email). */
export class PersonIndex extends RankedIndex<PersonText, PersonLabel> {
  constructor(rows: readonly PersonText[]) {
    super(
      rows,
      (row) => `${row.firstName} ${row.lastName} ${row.username}`,
      ({ interactionScore: _, ...label }) => label,
    );
  }
}
