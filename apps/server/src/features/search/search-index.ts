import {
  DocumentSlots,
  matching,
  type PrefixIndex,
  PrefixIndexBuilder,
  subtract,
  topSlots,
  type WordGroups,
} from "./memory-index";

/** What a searchable book (shown, launched or scheduled) is found by, and ranked by. */
export interface BookText {
  id: string;
  title: string;
  /** JSON array of names, as books store it. */
  authors: string;
  summary: string;
  interactionScore: number;
}

/** People are found by their names and username (never email); their labels are read from the tables. */
export interface PersonText {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  interactionScore: number;
}

export interface PersonLabel {
  id: string;
  firstName: string;
  lastName: string;
  username: string;
  /** Writes on Quire (has an author row): suggested as an author. */
  isAuthor: boolean;
}

export interface BookLabel {
  id: string;
  title: string;
  /** JSON array of names. */
  authors: string;
}

/** A changed text takes a new slot; once this many are dead (and a tenth of all), a rebuild pays. */
const DEAD_SLOTS_BEFORE_REBUILD = 1_000;

interface Searchable {
  id: string;
  interactionScore: number;
}

/** Hands a table's rows to `take` a batch at a time, resolving after the last. */
export type ReadInBatches<Row> = (take: (rows: Row[]) => void) => Promise<void>;

/**
 * Reads rows batch by batch into slots and one word list per text: the tables are never held as rows, only
 * ids, scores and each distinct word once.
 */
async function load<Row extends Searchable>(
  read: ReadInBatches<Row>,
  texts: readonly ((row: Row) => string)[],
  keep: (row: Row, slot: number) => void = () => {},
): Promise<{ docs: DocumentSlots; words: PrefixIndex[] }> {
  const docs = new DocumentSlots();
  const lists = texts.map((text) => ({ text, builder: new PrefixIndexBuilder() }));
  await read((rows) => {
    for (const row of rows) {
      const slot = docs.add(row.id, row.interactionScore);
      for (const { text, builder } of lists) builder.add(slot, text(row));
      keep(row, slot);
    }
  });
  const words: PrefixIndex[] = [];
  for (const { builder } of lists) words.push(await builder.build());
  return { docs, words };
}

/**
 * Documents found by the beginnings of their words and ranked by interaction score. `words` are those the first
 * tier matches and spelling is corrected against; a subclass may keep more.
 */
abstract class RankedIndex<Row extends Searchable> {
  constructor(
    protected readonly docs: DocumentSlots,
    protected readonly words: PrefixIndex,
    private readonly text: (row: Row) => string,
  ) {}

  get wasteful(): boolean {
    return this.docs.dead > DEAD_SLOTS_BEFORE_REBUILD && this.docs.dead * 10 > this.docs.size;
  }

  /** A document whose text (or visibility) changed: its words are read again, into a new slot. */
  put(row: Row): number {
    this.docs.forget(row.id);
    const slot = this.docs.add(row.id, row.interactionScore);
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
    return this.ids(this.bestMatching(groups, limit));
  }

  protected bestMatching(groups: WordGroups, limit: number): number[] {
    return this.best(matching(this.docs, [this.words], groups), limit);
  }

  protected best(bits: Uint32Array, limit: number): number[] {
    return topSlots(bits, this.docs, limit);
  }

  protected ids(slots: number[]): string[] {
    return slots.map((slot) => this.docs.ids[slot] as string);
  }
}

const bookWords = (row: BookText) => `${row.title} ${row.authors}`;
const bookLabel = (row: BookText): BookLabel => ({ id: row.id, title: row.title, authors: row.authors });

/**
 * Searchable books: title and authors are the first tier's words; summaries are kept apart for the second.
 * Their labels stay in memory, so suggestions of books are answered without a statement.
 */
export class BookIndex extends RankedIndex<BookText> {
  private constructor(
    docs: DocumentSlots,
    words: PrefixIndex,
    private readonly summaries: PrefixIndex,
    private readonly labels: BookLabel[],
  ) {
    super(docs, words, bookWords);
  }

  static async load(read: ReadInBatches<BookText>): Promise<BookIndex> {
    const labels: BookLabel[] = [];
    const { docs, words } = await load(read, [bookWords, (row) => row.summary], (row, slot) => {
      labels[slot] = bookLabel(row);
    });
    return new BookIndex(docs, words[0] as PrefixIndex, words[1] as PrefixIndex, labels);
  }

  override put(row: BookText): number {
    const slot = super.put(row);
    this.summaries.add(slot, row.summary);
    this.labels[slot] = bookLabel(row);
    return slot;
  }

  labelsMatching(groups: WordGroups, limit: number): BookLabel[] {
    return this.bestMatching(groups, limit).map((slot) => this.labels[slot] as BookLabel);
  }

  /** Ids of the best `limit` books that match only with their summaries' words. */
  onlyWithSummaries(groups: WordGroups, limit: number): string[] {
    const bits = matching(this.docs, [this.words, this.summaries], groups);
    subtract(bits, matching(this.docs, [this.words], groups));
    return this.ids(this.best(bits, limit));
  }
}

const personWords = (row: PersonText) => `${row.firstName} ${row.lastName} ${row.username}`;

/** People by first name, last name and username: ids, scores and words only (a million people, ~a tenth the heap of rows). */
export class PersonIndex extends RankedIndex<PersonText> {
  static async load(read: ReadInBatches<PersonText>): Promise<PersonIndex> {
    const { docs, words } = await load(read, [personWords]);
    return new PersonIndex(docs, words[0] as PrefixIndex, personWords);
  }
}
