// Downloads a user can trust, against a loopback host laid out like the publishers' sites
// (`<host>/<path>`) that serves the real datum grids of ../shared/data: a build downloaded from it
// equals the build from the folder mirror byte for byte; a transfer cut half-way resumes with a
// Range request and verifies; bytes that are not the pinned ones are refused naming the file.
// (Starts no service: an in-process HTTP server only.)
import { copyFile, mkdir, mkdtemp, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readManifest } from "../../artifacts/format/manifest.ts";
import { readLock } from "../../ingest/catalogs/lock-file.ts";
import { buildFamily } from "../../ingest/lib/build.ts";
import type { PipelineOptions } from "../../ingest/lib/build-options.ts";
import { datumGridsFamily, datumGridsFamilyOf } from "../../ingest/nadcon/datum-grids-family.ts";
import { NADCON5_GRIDS } from "../../ingest/nadcon/sources.ts";
import { SOURCES, sourceById } from "../../ingest/sources.ts";
import { SHARED } from "../conformance/shared-data.ts";
import { startUpstream, type Upstream } from "../support/upstream-server.ts";

const MIRROR = path.join(SHARED, "data");
const entries = datumGridsFamily.sources.map((id) => sourceById(id, SOURCES));
let root: string;
let site: string;
let upstream: Upstream;
const sitePath = (url: string) => {
  const u = new URL(url);
  return path.join(site, u.host, ...u.pathname.split("/").filter(Boolean));
};

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-http-mirror-"));
  site = path.join(root, "site");
  for (const e of entries) {
    await mkdir(path.dirname(sitePath(e.url)), { recursive: true });
    await symlink(path.join(MIRROR, e.mirrorPath), sitePath(e.url));
  }
  upstream = await startUpstream(site);
});
afterAll(async () => {
  await upstream?.close();
  await rm(root, { recursive: true, force: true });
});

function options(out: string, over: Partial<PipelineOptions> = {}): PipelineOptions & { lines: string[] } {
  const lines: string[] = [];
  return {
    outRoot: path.join(root, out),
    log: (m) => lines.push(m),
    progress: () => {},
    command: "test",
    gitSha: null,
    lines,
    ...over,
  };
}

describe("datum-grids from a local HTTP mirror", () => {
  it("builds the same bytes as from the folder mirror, every input downloaded", async () => {
    const http = await buildFamily(datumGridsFamily, options("http", { upstream: upstream.url }));
    const folder = await buildFamily(datumGridsFamily, options("folder", { mirror: MIRROR }));
    expect(http.version).toBe(folder.version);
    expect(http.outputs).toEqual(folder.outputs);
    const manifest = await readManifest(http.dir);
    expect(new Set(manifest.inputs.map((i) => i.origin))).toEqual(new Set(["download"]));
    expect(upstream.requests.filter((r) => r.status === 200)).toHaveLength(entries.length);
  });

  it("resumes a transfer cut half-way with a Range request, then verifies it", async () => {
    const grid = entries.find((e) => e.bytes > 1_000_000)!;
    const urlPath = new URL(grid.url).pathname.replace(/^/, `/${new URL(grid.url).host}`);
    upstream.cutOnce.add(urlPath);
    const before = upstream.requests.length;
    const opts = options("resume", { upstream: upstream.url, retries: 2 });
    const r = await buildFamily(datumGridsFamily, opts);
    const asked = upstream.requests.slice(before).filter((q) => q.path === urlPath);
    expect(asked.map((q) => q.status)).toEqual([200, 206]);
    // The second request asks for the rest of what arrived (at most the half the server sent).
    const at = Number(/^bytes=(\d+)-$/.exec(asked[1]!.range ?? "")?.[1]);
    expect(at).toBeGreaterThan(0);
    expect(at).toBeLessThanOrEqual(Math.floor(grid.bytes / 2));
    expect(opts.lines).toContain(`download ${grid.id}: resuming at byte ${at}`);
    expect(r.outputs).toEqual(
      (await readManifest((await buildFamily(datumGridsFamily, options("again", { mirror: MIRROR }))).dir))
        .outputs,
    );
  });

  it("refuses bytes that are not the pinned ones, naming the source and the URL", async () => {
    const grid = entries[0]!;
    const bytes = await readFile(path.join(MIRROR, grid.mirrorPath));
    bytes.writeUInt8(bytes.readUInt8(bytes.length - 1) ^ 0xff, bytes.length - 1);
    await rm(sitePath(grid.url));
    await writeFile(sitePath(grid.url), bytes);
    try {
      const err = await buildFamily(datumGridsFamily, options("corrupt", { upstream: upstream.url })).catch(
        (e: Error & { code?: string }) => e,
      );
      expect(err).toMatchObject({ code: "source_mismatch" });
      expect((err as Error).message).toContain(`source ${grid.id}:`);
      expect((err as Error).message).toContain(`/cdn.proj.org/${path.basename(grid.mirrorPath)}`);
      expect((err as Error).message).toContain("refused");
    } finally {
      await rm(sitePath(grid.url));
      await copyFile(path.join(MIRROR, grid.mirrorPath), sitePath(grid.url));
    }
  });

  it("follows the lock: a grid the lock names but the family does not pin is downloaded and built in", async () => {
    const lock = await readLock();
    const grids = NADCON5_GRIDS.map(([file]) => file);
    const pinnedAllButLast = datumGridsFamilyOf(grids.slice(0, -1));
    const opts = options("locked", { upstream: upstream.url, lock: lock!, retries: 0 });
    const r = await buildFamily(pinnedAllButLast, opts);
    const folder = await buildFamily(datumGridsFamily, options("folder-all", { mirror: MIRROR }));
    expect(r.version).toBe(folder.version);
    expect(r.outputs).toEqual(folder.outputs);
    const m = await readManifest(r.dir);
    expect(m.coverage?.served).toContain(grids.at(-1));
    // The upstream stand-in serves what the mirror holds: the lock's three CONUS grids are missing.
    expect(m.coverage?.missing).toHaveLength(3);
    expect(m.coverage?.missing.every((g) => g.endsWith("_conus.tif"))).toBe(true);
  });
});
