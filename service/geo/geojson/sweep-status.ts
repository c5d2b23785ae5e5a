// The sweep line's status: the segments it currently crosses, bottom to top. Kept as a list of
// small sorted blocks so that an insertion costs at most ⌈log2(blocks)⌉ + ⌈log2(block size)⌉
// comparisons (a hard bound, unlike a randomised tree) and memory moves stay short.

const BLOCK = 64;

interface Block {
  items: number[];
  /** Position of this block in the block list. */
  index: number;
}

export class SweepStatus {
  readonly #blocks: Block[] = [];
  readonly #owner: (Block | undefined)[];

  constructor(segmentCount: number) {
    this.#owner = new Array<Block | undefined>(segmentCount);
  }

  /**
   * Inserts `seg`. `cmp(other)` > 0 means seg lies above `other` on the sweep line, < 0 below,
   * 0 that seg's left endpoint lies on `other`: the search stops, nothing is inserted and `other`
   * is returned. Returns -1 once inserted.
   */
  insert(seg: number, cmp: (other: number) => number): number {
    const blocks = this.#blocks;
    if (blocks.length === 0) {
      const block: Block = { items: [seg], index: 0 };
      blocks.push(block);
      this.#owner[seg] = block;
      return -1;
    }
    // First block whose last item lies above seg.
    let lo = 0;
    let hi = blocks.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const items = (blocks[mid] as Block).items;
      const other = items[items.length - 1] as number;
      const c = cmp(other);
      if (c === 0) return other;
      if (c < 0) hi = mid;
      else lo = mid + 1;
    }
    const block = blocks[lo === blocks.length ? lo - 1 : lo] as Block;
    const items = block.items;
    let l = 0;
    let h = items.length - 1;
    if (lo === blocks.length) l = h = items.length;
    while (l < h) {
      const mid = (l + h) >> 1;
      const other = items[mid] as number;
      const c = cmp(other);
      if (c === 0) return other;
      if (c < 0) h = mid;
      else l = mid + 1;
    }
    items.splice(l, 0, seg);
    this.#owner[seg] = block;
    if (items.length > 2 * BLOCK) this.#split(block);
    return -1;
  }

  remove(seg: number): void {
    const block = this.#owner[seg];
    if (!block) return;
    block.items.splice(block.items.indexOf(seg), 1);
    this.#owner[seg] = undefined;
    if (block.items.length === 0) {
      this.#blocks.splice(block.index, 1);
      this.#reindex(block.index);
    }
  }

  /** The segment just below `seg`, or -1. */
  below(seg: number): number {
    const block = this.#owner[seg];
    if (!block) return -1;
    const i = block.items.indexOf(seg);
    if (i > 0) return block.items[i - 1] as number;
    const prev = this.#blocks[block.index - 1];
    return prev ? (prev.items[prev.items.length - 1] as number) : -1;
  }

  /** The segment just above `seg`, or -1. */
  above(seg: number): number {
    const block = this.#owner[seg];
    if (!block) return -1;
    const i = block.items.indexOf(seg);
    if (i < block.items.length - 1) return block.items[i + 1] as number;
    const next = this.#blocks[block.index + 1];
    return next ? (next.items[0] as number) : -1;
  }

  #split(block: Block): void {
    const moved = block.items.splice(BLOCK);
    const fresh: Block = { items: moved, index: block.index + 1 };
    for (const s of moved) this.#owner[s] = fresh;
    this.#blocks.splice(fresh.index, 0, fresh);
    this.#reindex(fresh.index + 1);
  }

  #reindex(from: number): void {
    for (let i = from; i < this.#blocks.length; i++) (this.#blocks[i] as Block).index = i;
  }
}
