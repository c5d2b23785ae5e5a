import { describe, expect, it } from "vitest";
import { MemoryPaidAnswerStore, type PaidAnswer } from "./paid-answer-store.ts";

const answer = (text: string): PaidAnswer => ({
  state: "settled",
  payment: "p",
  request: "r",
  status: 200,
  headers: { "content-type": "application/json" },
  body: Buffer.from(text),
  network: "eip155:8453",
  transaction: "0x01",
});

describe("MemoryPaidAnswerStore", () => {
  it("keeps an answer under every key until its TTL", async () => {
    let now = 0;
    const store = new MemoryPaidAnswerStore(10_000, () => now);
    await store.put(["a", "id:x"], answer("AAAA"), 1_000);
    expect((await store.get("a"))?.body.toString()).toBe("AAAA");
    expect((await store.get("id:x"))?.transaction).toBe("0x01");
    now = 1_000;
    expect(await store.get("a")).toBeNull();
    expect(store.bytes).toBe(516);
  });

  it("stays within its byte bound, forgetting expired then oldest answers first", async () => {
    let now = 0;
    const store = new MemoryPaidAnswerStore(3 * 600, () => now);
    await store.put(["old"], answer("x".repeat(88)), 10);
    await store.put(["b"], answer("x".repeat(88)), 1_000);
    await store.put(["c"], answer("x".repeat(88)), 1_000);
    now = 20;
    await store.put(["d"], answer("x".repeat(88)), 1_000);
    expect(await store.get("old")).toBeNull();
    expect(await store.get("b")).not.toBeNull();
    await store.put(["e"], answer("x".repeat(88)), 1_000);
    expect(await store.get("b")).toBeNull();
    expect(await store.get("e")).not.toBeNull();
    expect(store.bytes).toBeLessThanOrEqual(3 * 600);
  });

  it("forgets expired answers as new ones arrive, well before its byte bound", async () => {
    let now = 0;
    const store = new MemoryPaidAnswerStore(1_000_000, () => now);
    for (let i = 0; i < 10; i++) await store.put([`k${i}`], answer("x".repeat(88)), 1_000);
    now = 1_000;
    await store.put(["new"], answer("x".repeat(88)), 1_000);
    expect(store.bytes).toBe(600);
    expect(await store.get("new")).not.toBeNull();
  });
});
