// Where paid answers are kept for a short while, so that a retry of the same payment after a
// crash or a lost reply gets its answer again instead of a failure or a second charge
// (paid-answers.ts). Redis when GEO402_REDIS_URL is set (replicas share it: a retry may reach
// another replica, redis-paid-answer-store.ts); otherwise one process's memory, bounded in bytes.

/** A paid answer as recorded before settlement ("settling") and after it ("settled"). */
export interface PaidAnswer {
  state: "settling" | "settled";
  /** Fingerprint of the payment (accepted terms and signed payload): the record answers only it. */
  payment: string;
  /** Fingerprint of the request (method, route, query, body): the record answers only it. */
  request: string;
  status: number;
  /** The answer's own headers (content type, data version). */
  headers: Record<string, string>;
  /**
   * The answer's bytes: in memory the very Buffer that was sent (no copy, paid-answers.ts);
   * the Redis store writes them as base64.
   */
  body: Buffer;
  network: string;
  payer?: string;
  transaction?: string;
}

export interface PaidAnswerStore {
  get(key: string): Promise<PaidAnswer | null>;
  /** Records `answer` under every key for `ttlMs`, replacing what they held. */
  put(keys: readonly string[], answer: PaidAnswer, ttlMs: number): Promise<void>;
  close(): Promise<void>;
}

/** An answer larger than this is not kept (its retry after a crash is refused at verify as before). */
export const MAX_KEPT_ANSWER_BYTES = 8 * 1024 * 1024;
/** Bytes of answers one process keeps at most; past that the oldest are forgotten first. */
export const MEMORY_STORE_BYTES = 64 * 1024 * 1024;

type Entry = { answer: PaidAnswer; expiresAt: number; bytes: number };

export class MemoryPaidAnswerStore implements PaidAnswerStore {
  readonly #entries = new Map<string, Entry>();
  readonly #maxBytes: number;
  readonly #now: () => number;
  #bytes = 0;

  constructor(maxBytes = MEMORY_STORE_BYTES, now: () => number = Date.now) {
    this.#maxBytes = maxBytes;
    this.#now = now;
  }

  get bytes(): number {
    return this.#bytes;
  }

  async get(key: string): Promise<PaidAnswer | null> {
    const entry = this.#entries.get(key);
    if (!entry) return null;
    if (entry.expiresAt > this.#now()) return entry.answer;
    this.#delete(key);
    return null;
  }

  async put(keys: readonly string[], answer: PaidAnswer, ttlMs: number): Promise<void> {
    const bytes = answer.body.length + 512;
    this.#dropExpired();
    for (const key of keys) {
      this.#delete(key);
      this.#makeRoom(bytes);
      this.#entries.set(key, { answer, expiresAt: this.#now() + ttlMs, bytes });
      this.#bytes += bytes;
    }
  }

  async close(): Promise<void> {}

  #delete(key: string): void {
    const entry = this.#entries.get(key);
    if (!entry) return;
    this.#entries.delete(key);
    this.#bytes -= entry.bytes;
  }

  /**
   * Forgets the expired answers at the old end of the map (insertion order is expiry order under
   * one TTL), so the store holds a TTL's worth of answers, not MEMORY_STORE_BYTES of mostly
   * expired ones: a 30-minute soak showed the heap creeping by the answers nobody could ask for.
   */
  #dropExpired(): void {
    const now = this.#now();
    for (const [k, e] of this.#entries) {
      if (e.expiresAt > now) return;
      this.#delete(k);
    }
  }

  #makeRoom(bytes: number): void {
    if (this.#bytes + bytes <= this.#maxBytes) return;
    const now = this.#now();
    for (const [k, e] of this.#entries) if (e.expiresAt <= now) this.#delete(k);
    for (const k of this.#entries.keys()) {
      if (this.#bytes + bytes <= this.#maxBytes) return;
      this.#delete(k);
    }
  }
}
