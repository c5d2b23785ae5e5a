import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Channel } from "@x402/evm/batch-settlement/server";
import { describe, expect, it } from "vitest";
import { WriteThroughChannelStorage } from "./channel-file-storage.ts";

const ID = `0x${"ab".repeat(32)}`;
const channel = (charged: bigint, pending?: string): Channel => ({
  channelId: ID,
  channelConfig: {} as Channel["channelConfig"],
  chargedCumulativeAmount: charged.toString(),
  signedMaxClaimable: charged.toString(),
  signature: "0x",
  balance: "1000000",
  totalClaimed: "0",
  withdrawRequestedAt: 0,
  refundNonce: 0,
  lastRequestTimestamp: 1,
  ...(pending ? { pendingRequest: { pendingId: pending, signedMaxClaimable: "0", expiresAt: 2 } } : {}),
});
const dir = () => mkdtempSync(path.join(tmpdir(), "geo402-channels-"));
const onDisk = (d: string) =>
  JSON.parse(readFileSync(path.join(d, "server", `${ID}.json`), "utf8")) as Channel;

describe("WriteThroughChannelStorage", () => {
  it("writes each charged state before the update returns, and a new instance reads it back", async () => {
    const d = dir();
    const store = new WriteThroughChannelStorage({ directory: d });
    expect(await store.updateChannel(ID, () => channel(1000n))).toMatchObject({ status: "updated" });
    expect(onDisk(d).chargedCumulativeAmount).toBe("1000");
    await store.updateChannel(ID.toUpperCase().replace("0X", "0x"), (c) => ({
      ...(c as Channel),
      chargedCumulativeAmount: "2000",
    }));
    expect(onDisk(d).chargedCumulativeAmount).toBe("2000");
    const next = new WriteThroughChannelStorage({ directory: d });
    expect((await next.get(ID))?.chargedCumulativeAmount).toBe("2000");
    expect(await next.list()).toHaveLength(1);
  });

  it("keeps a reservation in memory only: the file holds the last charged state", async () => {
    const d = dir();
    const store = new WriteThroughChannelStorage({ directory: d });
    await store.updateChannel(ID, () => channel(1000n));
    await store.updateChannel(ID, () => channel(1000n, "req-1"));
    expect((await store.get(ID))?.pendingRequest?.pendingId).toBe("req-1");
    expect(onDisk(d).pendingRequest).toBeUndefined();
    // A reservation found in a file (written by another storage) is dropped on reading.
    writeFileSync(path.join(d, "server", `${ID}.json`), JSON.stringify(channel(1000n, "stale")));
    expect((await new WriteThroughChannelStorage({ directory: d }).get(ID))?.pendingRequest).toBeUndefined();
  });

  it("serializes the updates of one channel and deletes its file with its record", async () => {
    const d = dir();
    const store = new WriteThroughChannelStorage({ directory: d });
    await store.updateChannel(ID, () => channel(0n));
    const add = () =>
      store.updateChannel(ID, (c) => ({
        ...(c as Channel),
        chargedCumulativeAmount: (BigInt((c as Channel).chargedCumulativeAmount) + 1n).toString(),
      }));
    await Promise.all(Array.from({ length: 20 }, add));
    expect(onDisk(d).chargedCumulativeAmount).toBe("20");
    expect(await store.updateChannel(ID, () => undefined)).toEqual({ channel: undefined, status: "deleted" });
    expect(readdirSync(path.join(d, "server"))).toEqual([]);
    expect(await store.get(ID)).toBeUndefined();
  });

  it("refuses what is not a channel id (it names a file)", async () => {
    const store = new WriteThroughChannelStorage({ directory: dir() });
    await expect(store.updateChannel("../x", () => channel(0n))).rejects.toThrow(/not a channel id/);
  });
});
