/**
 * The size of the reader's frames when the chapter was last placed in them. ResizeObserver reports a box's
 * size as soon as it is observed, then on every change: a report at the size the chapter was placed at would
 * only paginate it again at the same size (on a first load, one more pass over the whole chapter's text).
 */
export class PlacedSize {
  private size: string | null = null;

  /** The chapter was just landed on or laid out again in this box. */
  record(box: Element): void {
    this.size = sizeOf(box);
  }

  /** Whether the box has another size than the one the chapter was last placed at (true before any). */
  changed(box: Element): boolean {
    return sizeOf(box) !== this.size;
  }
}

function sizeOf(box: Element): string {
  const { width, height } = box.getBoundingClientRect();
  return `${width}x${height}`;
}
