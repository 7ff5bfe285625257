// Counting children per tag (sibling-index.ts) without a Map allocated per child list.

/**
 * Per-tag sibling counters for one walk, reset per child list by a generation number: clearing
 * a Map frees its table, and every element with children would allocate it again.
 */
export class TagCounts {
  private generation = 0;
  /** tag → [generation of the count, count] */
  private readonly byTag = new Map<string, number[]>();

  /** Starts the counts of a new child list. */
  reset(): void {
    this.generation++;
  }

  /** The next index of `tag` in the current list (1 for its first). */
  next(tag: string): number {
    const entry = this.byTag.get(tag);
    if (!entry) {
      this.byTag.set(tag, [this.generation, 1]);
      return 1;
    }
    if (entry[0] !== this.generation) {
      entry[0] = this.generation;
      entry[1] = 0;
    }
    return ++entry[1];
  }
}
