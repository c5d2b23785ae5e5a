// Builds follow the lock (starts no service: an in-process HTTP server only): a family with FamilyBuilder.lock reads every locked file the mirror holds
// or the publisher serves (an in-process HTTP server here), checks it against the lock, and builds
// without what cannot be had, listing it in the manifest.
import { createHash } from "node:crypto";
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readManifest } from "../../artifacts/format/manifest.ts";
import type { SourcesLock } from "../../ingest/catalogs/lock-file.ts";
import type { PlannedFile } from "../../ingest/catalogs/plan-types.ts";
import { buildFamily, plannedBuild } from "../../ingest/lib/build.ts";
import type { PipelineOptions } from "../../ingest/lib/build-options.ts";
import type { FamilyBuilder } from "../../ingest/lib/family.ts";
import { TEXT, textSource } from "../../ingest/lib/test-fixtures/text-family.ts";
import type { SourceEntry } from "../../ingest/sources.ts";

const LATIN = "a\nb\nc\n";
const CYRILLIC = "а\nб\nв\n";
const sha = (text: string) => createHash("sha256").update(text).digest("hex");

/** Writes its pinned text then each locked text, in source order, into all.txt. */
function linesFamily(extra: readonly SourceEntry[] = []): FamilyBuilder {
  return {
    family: "lines",
    formatVersion: "1.0",
    sources: ["test-greek", ...extra.map((e) => e.id)],
    parameters: {},
    lock: {
      source: (f) => ({
        id: `lines-${f.name}`,
        url: f.url,
        vintage: "test",
        license: "CC0-1.0",
        attribution: "test fixture",
        mirrorPath: f.mirrorPath,
      }),
      extend: (locked) => linesFamily([...extra, ...locked]),
    },
    async build(ctx) {
      const parts = await Promise.all(
        ["test-greek", ...extra.map((e) => e.id)].map((id) => readFile(ctx.inputs[id] as string, "utf8")),
      );
      await writeFile(path.join(ctx.outDir, "all.txt"), parts.join(""));
    },
    async verify() {},
  };
}

let root: string;
let server: Server;
let base: string;
let served: Record<string, string>;
let asked: string[];

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-locked-"));
  await mkdir(path.join(root, "mirror", "text"), { recursive: true });
  await writeFile(path.join(root, "mirror", "text", "greek.txt"), TEXT);
  served = {};
  asked = [];
  server = createServer((req, res) => {
    asked.push(req.url ?? "");
    const body = served[req.url ?? ""];
    if (body === undefined) res.writeHead(404).end();
    else res.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
});
afterEach(async () => {
  await new Promise((resolve) => server.close(resolve));
  await rm(root, { recursive: true, force: true });
});

const file = (name: string, url: string, text?: string): PlannedFile => ({
  name,
  url,
  bytes: text === undefined ? null : Buffer.byteLength(text),
  sha256: text === undefined ? null : sha(text),
  mirrorPath: `text/${name}.txt`,
  detail: {},
});

function lockOf(files: PlannedFile[]): SourcesLock {
  const catalog = { url: null, mirrorPath: null, sha256: null, bytes: null, origin: null };
  return { lockVersion: 1, families: { lines: { family: "lines", catalog, rule: "test", files } } };
}

function options(
  lock: SourcesLock,
  extra: Partial<PipelineOptions> = {},
): PipelineOptions & { lines: string[] } {
  const lines: string[] = [];
  return {
    outRoot: path.join(root, "artifacts"),
    mirror: path.join(root, "mirror"),
    sources: [textSource()],
    lock,
    log: (m) => lines.push(m),
    progress: () => {},
    command: "test",
    gitSha: null,
    retries: 0,
    lines,
    ...extra,
  };
}

describe("a build follows the lock", () => {
  it("reads the locked files the mirror holds and the publisher serves, and lists the rest missing", async () => {
    await writeFile(path.join(root, "mirror", "text", "latin.txt"), LATIN);
    served["/cyrillic.txt"] = CYRILLIC;
    const lock = lockOf([
      file("latin", `${base}/latin.txt`),
      file("hebrew", `${base}/hebrew.txt`),
      file("cyrillic", `${base}/cyrillic.txt`, CYRILLIC),
    ]);
    const r = await buildFamily(linesFamily(), options(lock));
    expect(await readFile(path.join(r.dir, "all.txt"), "utf8")).toBe(TEXT + LATIN + CYRILLIC);
    const m = await readManifest(r.dir);
    expect(m.coverage).toMatchObject({ served: ["latin", "cyrillic"], missing: ["hebrew"], specified: 3 });
    // The publisher gave no hash for latin: the manifest names the bytes it was built from.
    expect(m.inputs.find((i) => i.id === "lines-latin")).toMatchObject({
      sha256: sha(LATIN),
      origin: "mirror",
    });
    expect(m.inputs.find((i) => i.id === "lines-cyrillic")).toMatchObject({ origin: "download" });
    const pinnedOnly = await buildFamily(
      linesFamily(),
      options(lockOf([]), { outRoot: path.join(root, "p") }),
    );
    expect(r.version).not.toBe(pinnedOnly.version);
  });

  it("keeps a hashless download under the hash it first had: the next build and its version id use it", async () => {
    served["/latin.txt"] = LATIN;
    const lock = lockOf([file("latin", `${base}/latin.txt`)]);
    const first = await buildFamily(linesFamily(), options(lock));
    expect(asked).toEqual(["/latin.txt"]);
    served["/latin.txt"] = "changed upstream\n";
    const again = await buildFamily(linesFamily(), options(lock));
    expect(asked).toHaveLength(1);
    expect(again.version).toBe(first.version);
    // Without downloading, `build --missing-only`, `list` and `repro` expect the same version.
    expect((await plannedBuild(linesFamily(), options(lock))).version).toBe(first.version);
  });

  it("refuses bytes that are not the locked ones, naming the file", async () => {
    served["/cyrillic.txt"] = "not what the lock says\n";
    const lock = lockOf([file("cyrillic", `${base}/cyrillic.txt`, CYRILLIC)]);
    await expect(buildFamily(linesFamily(), options(lock))).rejects.toMatchObject({
      code: "source_mismatch",
      message: expect.stringContaining("lines-cyrillic"),
    });
    await writeFile(path.join(root, "mirror", "text", "latin.txt"), "a\n");
    const sized = lockOf([{ ...file("latin", `${base}/latin.txt`), bytes: Buffer.byteLength(LATIN) }]);
    await expect(buildFamily(linesFamily(), options(sized))).rejects.toMatchObject({
      code: "source_mismatch",
      message: expect.stringContaining("locked file latin: 2 bytes"),
    });
  });

  it("asks a host that cannot be reached once per worker, then builds without its files", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const gone = `http://127.0.0.1:${(closed.address() as { port: number }).port}`;
    await new Promise((resolve) => closed.close(resolve));
    const names = Array.from({ length: 12 }, (_, i) => `block${i}`);
    let calls = 0;
    const counting: typeof fetch = (input, init) => {
      calls++;
      return fetch(input, init);
    };
    const lock = lockOf(names.map((n) => file(n, `${gone}/${n}.txt`)));
    const r = await buildFamily(linesFamily(), options(lock, { fetch: counting }));
    expect(calls).toBeLessThanOrEqual(4);
    const m = await readManifest(r.dir);
    expect(m.coverage?.missing).toEqual(names);
    expect(r.version).toBe((await plannedBuild(linesFamily(), options(lockOf([])))).version);
  });
});
