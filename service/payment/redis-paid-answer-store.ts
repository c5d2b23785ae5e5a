// Paid answers in Redis (GEO402_REDIS_URL), shared by replicas: a retry may reach another one.
// Its own module so that the Redis client loads only when configured (open-paid-answers.ts).
import { createClient } from "redis";
import type { PaidAnswer, PaidAnswerStore } from "./paid-answer-store.ts";

const PREFIX = "geo402:paid:";

/** Paid answers in Redis: one string per key (the record as JSON, its body base64), expiring with PX. */
export class RedisPaidAnswerStore implements PaidAnswerStore {
  readonly #redis: ReturnType<typeof createClient>;

  private constructor(redis: ReturnType<typeof createClient>) {
    this.#redis = redis;
  }

  static async connect(url: string): Promise<RedisPaidAnswerStore> {
    // While Redis is unreachable a command fails at once (the caller logs it and the payment goes
    // ahead unrecorded) instead of waiting in an offline queue; the client reconnects by itself.
    const redis = createClient({ url, disableOfflineQueue: true });
    redis.on("error", () => {});
    await redis.connect();
    return new RedisPaidAnswerStore(redis);
  }

  async get(key: string): Promise<PaidAnswer | null> {
    const text = await this.#redis.get(PREFIX + key);
    if (!text) return null;
    const stored = JSON.parse(text) as Omit<PaidAnswer, "body"> & { body: string };
    return { ...stored, body: Buffer.from(stored.body, "base64") };
  }

  async put(keys: readonly string[], answer: PaidAnswer, ttlMs: number): Promise<void> {
    const text = JSON.stringify({ ...answer, body: answer.body.toString("base64") });
    const multi = this.#redis.multi();
    for (const key of keys) multi.set(PREFIX + key, text, { expiration: { type: "PX", value: ttlMs } });
    await multi.exec();
  }

  async close(): Promise<void> {
    await this.#redis.close();
  }
}
