// Where the service remembers what became of a payment authorization (one EIP-3009 nonce) while
// it can still be presented: claimed by a request in flight, or refused with a recorded answer.
// The interface is what a shared store (Redis: SET NX PX for claim, SET XX PX for record, DEL for
// release) implements for replicas; MemoryAuthorizationStore serves one process, bounded.

/** The answer a refused paid request got, replayed as-is to later copies of its authorization. */
export interface RecordedRefusal {
  status: number;
  contentType: string;
  body: string;
}

export type ClaimResult =
  | { state: "claimed" }
  | { state: "busy" }
  | { state: "refused"; refusal: RecordedRefusal };

export interface AuthorizationStore {
  /**
   * Claims `key` for one request until `expiresAt` (epoch ms) unless it is already claimed
   * (busy) or holds a recorded refusal. Atomic.
   */
  claim(key: string, expiresAt: number): Promise<ClaimResult>;
  /** Replaces the claim on `key` by a recorded refusal, kept until `expiresAt`. */
  record(key: string, refusal: RecordedRefusal, expiresAt: number): Promise<void>;
  /** Drops the claim on `key` (the request ended without a refusal to remember). */
  release(key: string): Promise<void>;
}

/**
 * Authorizations one process remembers (a few hundred bytes each). An authorization is valid
 * for at most 300 s (route-terms.ts), so this holds every refused authorization at up to ~330
 * refusals per second; past that the oldest are forgotten and could be recomputed once more.
 */
export const AUTHORIZATIONS_REMEMBERED = 100_000;

type Entry = { expiresAt: number; refusal?: RecordedRefusal };

/** In-process store holding at most `maxEntries` keys; past that the oldest entry is forgotten. */
export class MemoryAuthorizationStore implements AuthorizationStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxEntries: number;
  readonly #now: () => number;

  constructor(maxEntries: number, now: () => number = Date.now) {
    this.#maxEntries = maxEntries;
    this.#now = now;
  }

  get size(): number {
    return this.#entries.size;
  }

  async claim(key: string, expiresAt: number): Promise<ClaimResult> {
    const entry = this.#entries.get(key);
    if (entry && entry.expiresAt > this.#now())
      return entry.refusal ? { state: "refused", refusal: entry.refusal } : { state: "busy" };
    this.#set(key, { expiresAt });
    return { state: "claimed" };
  }

  async record(key: string, refusal: RecordedRefusal, expiresAt: number): Promise<void> {
    this.#set(key, { expiresAt, refusal });
  }

  async release(key: string): Promise<void> {
    const entry = this.#entries.get(key);
    if (entry && !entry.refusal) this.#entries.delete(key);
  }

  #set(key: string, entry: Entry): void {
    this.#entries.delete(key);
    if (this.#entries.size >= this.#maxEntries) {
      const now = this.#now();
      for (const [k, e] of this.#entries) if (e.expiresAt <= now) this.#entries.delete(k);
      if (this.#entries.size >= this.#maxEntries) {
        const oldest = this.#entries.keys().next();
        if (!oldest.done) this.#entries.delete(oldest.value);
      }
    }
    this.#entries.set(key, entry);
  }
}
