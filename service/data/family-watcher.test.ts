// The service follows a family's `current` pointer: a switched version is opened, checked and
// swapped in without a restart; a version that does not check out is not, and the family keeps
// the version it had.
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { switchCurrent } from "../../artifacts/format/current-pointer.ts";
import { buildFamily } from "../../ingest/lib/build.ts";
import { TEXT, textFamily, textSource } from "../../ingest/lib/test-fixtures/text-family.ts";
import { type FamilyOpener, openFamilies } from "./families.ts";
import { type FamilyWatcher, type ReloadEvent, watchFamilies } from "./family-watcher.ts";
import { DataRegistry } from "./registry.ts";

let root: string;
let artifacts: string;
let watcher: FamilyWatcher | undefined;
const closed: string[] = [];
const textOpener: FamilyOpener<string> = {
  family: "text",
  formatVersion: "1.0",
  open: async (dir) => readFile(path.join(dir, "data", "upper.txt"), "utf8"),
  close: (value) => closed.push(value),
};
const build = (outRoot: string, v: number) =>
  buildFamily(
    { ...textFamily(), parameters: { case: "upper", v } },
    {
      outRoot,
      mirror: path.join(root, "mirror"),
      sources: [textSource()],
      log: () => {},
      progress: () => {},
      command: "test",
      gitSha: null,
    },
  );

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-watch-"));
  artifacts = path.join(root, "artifacts");
  await mkdir(path.join(root, "mirror", "text"), { recursive: true });
  await writeFile(path.join(root, "mirror", "text", "greek.txt"), TEXT);
  closed.length = 0;
});
afterEach(async () => {
  watcher?.close();
  await rm(root, { recursive: true, force: true });
});

async function watched(pollMs: number) {
  const data = new DataRegistry<{ text: string }>();
  await openFamilies(artifacts, data, [textOpener]);
  const events: ReloadEvent[] = [];
  watcher = watchFamilies(artifacts, data, [textOpener], { pollMs, log: (e) => events.push(e) });
  const next = () =>
    new Promise<ReloadEvent>((resolve) => {
      const seen = events.length;
      const check = setInterval(() => {
        const e = events[seen];
        if (e) {
          clearInterval(check);
          resolve(e);
        }
      }, 20);
    });
  return { data, events, next };
}

describe("watchFamilies", () => {
  it("swaps in a switched version (fs.watch, no polling); requests already reading keep the old one", async () => {
    const first = await build(artifacts, 1);
    const { data, next } = await watched(0);
    const inFlight = data.view();
    expect(inFlight.require("text").version).toBe(first.version);
    const event = next();
    const second = await build(artifacts, 2);
    expect(await event).toEqual({
      family: "text",
      state: "switched",
      from: first.version,
      to: second.version,
    });
    expect(data.version("text")).toBe(second.version);
    expect(inFlight.require("text").version).toBe(first.version);
    expect(closed).toEqual([]);
    inFlight.release();
    expect(closed).toEqual([TEXT.toUpperCase()]);
  });

  it("a switched version that fails its checks is not opened; the old one stays; SIGHUP's reload retries", async () => {
    const first = await build(artifacts, 1);
    const scratch = await build(path.join(root, "scratch"), 3);
    const { data, next } = await watched(50);
    await cp(scratch.dir, path.join(artifacts, "text", scratch.version), { recursive: true });
    await writeFile(path.join(artifacts, "text", scratch.version, "count.txt"), "4\n");
    const event = next();
    await switchCurrent(path.join(artifacts, "text"), scratch.version);
    expect(await event).toMatchObject({
      family: "text",
      state: "failed",
      from: first.version,
      to: scratch.version,
    });
    expect(data.version("text")).toBe(first.version);
    expect(await watcher?.reload()).toMatchObject([{ state: "failed", to: scratch.version }]);
    await writeFile(path.join(artifacts, "text", scratch.version, "count.txt"), "3\n");
    expect(await watcher?.reload()).toEqual([
      { family: "text", state: "switched", from: first.version, to: scratch.version },
    ]);
    expect(data.require("text").version).toBe(scratch.version);
  });
});
