// One process's batch-settlement channels (no GEO402_REDIS_URL): held in memory, each change that
// matters after a restart written through to one file per channel before the update returns, in
// the layout of @x402/evm's FileChannelStorage (<dir>/server/<channelId>.json), and read back once
// at start. Ours because the package's FileChannelStorage reads the file and takes a lock file
// (mkdir, open O_EXCL, close, unlink) on every access: two updates and a read per voucher-paid
// request, about a dozen file-system calls, where one process owning the directory needs none of
// them (test/bench/batch-settlement.ts measures the difference). A record holding a request's
// reservation (`pendingRequest`, set at verify) is not written: the update that ends the
// reservation (the charge at settlement, or its release) writes the record, and until then the
// file keeps the last charged state. A reservation means nothing to the next process, and written
// it would hold the channel busy after a crash until it expired.
import { mkdirSync, readdirSync, readFileSync } from "node:fs";
import { rename, unlink, writeFile } from "node:fs/promises";
import path from "node:path";
import type { Channel, ChannelStorage, ChannelUpdateResult } from "@x402/evm/batch-settlement/server";

const CHANNEL_ID = /^0x[0-9a-f]{64}$/;

function channelKey(channelId: string): string {
  const key = channelId.toLowerCase();
  if (!CHANNEL_ID.test(key)) throw new Error(`not a channel id: ${channelId}`);
  return key;
}

export class WriteThroughChannelStorage implements ChannelStorage {
  readonly #dir: string;
  readonly #channels = new Map<string, Channel>();
  readonly #locks = new Map<string, Promise<unknown>>();
  #tmp = 0;

  constructor(opts: { directory: string }) {
    this.#dir = path.join(opts.directory, "server");
    mkdirSync(this.#dir, { recursive: true });
    for (const name of readdirSync(this.#dir)) {
      const key = name.replace(/\.json$/, "");
      if (!name.endsWith(".json") || !CHANNEL_ID.test(key)) continue;
      const text = readFileSync(path.join(this.#dir, name), "utf8");
      const channel = JSON.parse(text) as Channel;
      delete channel.pendingRequest;
      this.#channels.set(key, channel);
    }
  }

  async get(channelId: string): Promise<Channel | undefined> {
    return this.#channels.get(channelKey(channelId));
  }

  async list(): Promise<Channel[]> {
    return [...this.#channels.values()].sort((a, b) => a.channelId.localeCompare(b.channelId));
  }

  async updateChannel(
    channelId: string,
    update: (current: Channel | undefined) => Channel | undefined,
  ): Promise<ChannelUpdateResult> {
    const key = channelKey(channelId);
    const previous = this.#locks.get(key) ?? Promise.resolve();
    const run = previous.then(() => this.#apply(key, update));
    const settled = run.catch(() => undefined);
    this.#locks.set(key, settled);
    void settled.then(() => {
      if (this.#locks.get(key) === settled) this.#locks.delete(key);
    });
    return run;
  }

  async #apply(
    key: string,
    update: (current: Channel | undefined) => Channel | undefined,
  ): Promise<ChannelUpdateResult> {
    const current = this.#channels.get(key);
    const next = update(current);
    if (next === current) return { channel: current, status: "unchanged" };
    const file = path.join(this.#dir, `${key}.json`);
    if (!next) {
      if (!current) return { channel: undefined, status: "unchanged" };
      await unlink(file).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== "ENOENT") throw err;
      });
      this.#channels.delete(key);
      return { channel: undefined, status: "deleted" };
    }
    if (!next.pendingRequest) {
      const tmp = path.join(this.#dir, `.${process.pid}.${this.#tmp++}.tmp`);
      await writeFile(tmp, JSON.stringify(next));
      await rename(tmp, file);
    }
    this.#channels.set(key, next);
    return { channel: next, status: "updated" };
  }
}
