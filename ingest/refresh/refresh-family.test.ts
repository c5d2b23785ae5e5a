// refresh / rollback mechanics on the pipeline's tiny text family (fast): what is rebuilt, what is
// kept, what the pins and the history record, and that failures leave `current` alone.
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { VERSION_PATTERN } from "../../artifacts/format/current-pointer.ts";
import { readManifest } from "../../artifacts/format/manifest.ts";
import { startUpstream } from "../../test/support/upstream-server.ts";
import { runCli } from "../cli-commands.ts";
import { buildFamily } from "../lib/build.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { readHistory } from "../lib/kept-versions.ts";
import { TEXT, textFamily, textSource } from "../lib/test-fixtures/text-family.ts";
import { LOCK_FILE } from "./family-lock.ts";
import { effectiveSources, readPins, writePins } from "./pins.ts";
import { type RefreshOptions, refreshFamily } from "./refresh-family.ts";
import { rollbackFamily } from "./rollback.ts";

const TEXT2 = `${TEXT}delta\n`;
const TEXT3 = `${TEXT2}epsilon\n`;
const sha = (s: string) => createHash("sha256").update(s).digest("hex");

let root: string;
let mirror: string;
let out: string;
let seed: string;
const textDir = () => path.join(out, "text");
const current = () => readlink(path.join(textDir(), "current"));
const versions = async () => (await readdir(textDir())).filter((n) => VERSION_PATTERN.test(n)).sort();
const setMirror = (text: string) => writeFile(path.join(mirror, "text", "greek.txt"), text);
const noop = () => {};

function refresh(extra: Partial<RefreshOptions> = {}, family: FamilyBuilder = textFamily()) {
  return refreshFamily(family, {
    outRoot: out,
    mirror,
    sources: [textSource()],
    log: noop,
    progress: noop,
    command: "test",
    gitSha: null,
    today: "2026-02-03",
    ...extra,
  });
}
const rollback = (to?: string) =>
  rollbackFamily(textFamily(), { outRoot: out, sources: [textSource()], log: noop, ...(to ? { to } : {}) });

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-refresh-"));
  mirror = path.join(root, "mirror");
  out = path.join(root, "artifacts");
  await mkdir(path.join(mirror, "text"), { recursive: true });
  await setMirror(TEXT);
  const opts = {
    outRoot: out,
    mirror,
    sources: [textSource()],
    log: noop,
    progress: noop,
    command: "t",
    gitSha: null,
  };
  seed = (await buildFamily(textFamily(), opts)).version;
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("refresh (mirror mode)", () => {
  it("an unchanged mirror file rebuilds nothing and leaves no pins", async () => {
    const r = await refresh();
    expect(r).toMatchObject({ status: "unchanged", built: false, switched: false, found: [], from: seed });
    expect(await versions()).toEqual([seed]);
    expect(existsSync(path.join(textDir(), "pins.json"))).toBe(false);
  });

  it("a changed mirror file is built, switched and pinned; build --missing-only then keeps it", async () => {
    await setMirror(TEXT2);
    const r = await refresh();
    expect(r).toMatchObject({ status: "switched", built: true, found: ["test-greek"], from: seed });
    expect(await current()).toBe(r.to);
    const pin = (await readPins(out, "text")).sources["test-greek"];
    expect(pin).toMatchObject({
      sha256: sha(TEXT2),
      bytes: TEXT2.length,
      base: sha(TEXT),
      retrievedAt: "2026-02-03",
    });
    expect(pin?.vintage).toMatch(/^edition not stated in the file/);
    const manifest = await readManifest(path.join(textDir(), r.to as string));
    expect(manifest.inputs[0]).toMatchObject({ sha256: sha(TEXT2), origin: "mirror" });
    expect(await readHistory(textDir())).toEqual([seed, r.to]);
    const lines: string[] = [];
    const sink = { write: (s: string) => lines.push(s) };
    const args = ["build", "all", "--missing-only", "--mirror", mirror, "--out", out];
    const code = await runCli(args, {
      families: [textFamily()],
      sources: [textSource()],
      env: {},
      stdout: sink,
      stderr: sink,
    });
    expect(code).toBe(0);
    expect(lines.join("")).toContain(`text: up to date (${r.to})`);
  });

  it("a sanity hook that refuses the new input leaves current and pins as they were", async () => {
    await setMirror(TEXT2);
    const strict: FamilyBuilder = {
      ...textFamily(),
      sanity: async () => {
        throw new Error("4 lines, expected 3");
      },
    };
    const r = await refresh({}, strict);
    expect(r).toMatchObject({ status: "failed", code: "sanity_failed", found: ["test-greek"], from: seed });
    expect(await current()).toBe(seed);
    expect(await readPins(out, "text")).toMatchObject({ sources: {} });
    expect((await readdir(textDir())).filter((n) => n.startsWith(".staging"))).toEqual([]);
  });

  it("--keep N keeps current and the N versions current before it", async () => {
    await setMirror(TEXT2);
    const second = await refresh({ keep: 1 });
    await setMirror(TEXT3);
    const third = await refresh({ keep: 1 });
    expect(await versions()).toEqual([second.to, third.to].sort());
    expect(await readHistory(textDir())).toEqual([second.to, third.to]);
  });

  it("another refresh holding the lock makes this one skip", async () => {
    await writeFile(path.join(textDir(), LOCK_FILE), `${process.pid}\n`);
    expect(await refresh()).toMatchObject({ status: "skipped", reason: expect.stringMatching(/is running/) });
  });

  it("a pin whose base ingest/sources.ts no longer pins is ignored", async () => {
    await writePins(out, {
      pinsVersion: 1,
      family: "text",
      sources: {
        "test-greek": {
          url: "x",
          sha256: sha(TEXT2),
          bytes: 1,
          vintage: "v",
          retrievedAt: "2026-01-01",
          base: sha("other"),
        },
      },
      rejected: [],
    });
    const [entry] = await effectiveSources([textSource()], out, [textFamily()]);
    expect(entry?.sha256).toBe(sha(TEXT));
    expect((await refresh()).status).toBe("unchanged");
  });
});

describe("refresh (HTTP)", () => {
  it("a build that fails verify leaves current and takes the downloaded bytes out of the cache", async () => {
    const served = path.join(root, "upstream");
    await mkdir(served);
    await writeFile(path.join(served, "greek.txt"), TEXT2);
    const upstream = await startUpstream(served);
    try {
      const r = await refresh(
        { mirror: undefined, sources: [{ ...textSource(), url: `${upstream.url}/greek.txt` }] },
        textFamily({ failVerify: true }),
      );
      expect(r).toMatchObject({ status: "failed", found: ["test-greek"], from: seed });
      expect(await current()).toBe(seed);
      expect(existsSync(path.join(out, ".cache", "sources", sha(TEXT2)))).toBe(false);
    } finally {
      await upstream.close();
    }
  });
});

describe("rollback", () => {
  it("steps back through the history, and refresh leaves the rejected bytes alone until --force", async () => {
    await setMirror(TEXT2);
    const second = (await refresh()).to as string;
    expect(await rollback()).toEqual({ from: second, to: seed });
    expect(await current()).toBe(seed);
    const pins = await readPins(out, "text");
    expect(pins.sources).toEqual({});
    expect(pins.rejected).toMatchObject([{ id: "test-greek", sha256: sha(TEXT2), version: second }]);
    const skipped = await refresh();
    expect(skipped).toMatchObject({
      status: "skipped",
      built: false,
      reason: expect.stringMatching(/rollback rejected/),
    });
    await expect(rollback()).rejects.toThrow(/no version that was current before/);
    const forced = await refresh({ force: true });
    expect(forced).toMatchObject({ status: "switched", to: second, built: false });
    expect((await readPins(out, "text")).rejected).toEqual([]);
    expect(await readFile(path.join(textDir(), second, "data", "upper.txt"), "utf8")).toBe(
      TEXT2.toUpperCase(),
    );
  });

  it("--to goes to a named kept version and refuses one that is not kept", async () => {
    await setMirror(TEXT2);
    const second = (await refresh()).to as string;
    await expect(rollback("1.0-000000000000")).rejects.toThrow(/keeps no version/);
    expect(await rollback(seed)).toEqual({ from: second, to: seed });
  });
});
