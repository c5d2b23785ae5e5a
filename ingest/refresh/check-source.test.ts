// Upstream checks of one source against a loopback upstream serving real NADCON5 grids and
// PROJ-data's files.geojson: conditional requests, completeness, digests, published checksums,
// archive members and mirror files.
import { createHash } from "node:crypto";
import { chmod, copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startUpstream, type Upstream } from "../../test/support/upstream-server.ts";
import { storedZip } from "../lib/test-fixtures/stored-zip.ts";
import { NADCON_SOURCES } from "../nadcon/sources.ts";
import type { SourceEntry } from "../sources.ts";
import { checkSource } from "./check-source.ts";

const SHARED = process.env.GEO402_SHARED ?? path.resolve(import.meta.dirname, "../../../shared");
const NADCON = path.join(SHARED, "data", "nadcon");
const A = "us_noaa_nadcon5_nad83_2007_nad83_2011_prvi.tif";
const B = "us_noaa_nadcon5_nad83_1986_nad83_1993_prvi.tif";

let root: string;
let served: string;
let staging: string;
let upstream: Upstream;
const sha = async (file: string) =>
  createHash("sha256")
    .update(await readFile(file))
    .digest("hex");

async function place(src: string, name: string): Promise<void> {
  const dest = path.join(served, name);
  await rm(dest, { force: true });
  await copyFile(src, dest);
  await chmod(dest, 0o644);
}

/** The pinned registry entry of grid A, pointed at the loopback upstream. */
function entryA(extra: Partial<SourceEntry> = {}): SourceEntry {
  const pinned = NADCON_SOURCES.find((s) => s.url.endsWith(A)) as SourceEntry;
  const { published: _p, ...rest } = pinned;
  return { ...rest, url: `${upstream.url}/${A}`, ...extra };
}

const ctx = () => ({ staging, lists: new Map<string, Promise<unknown>>() });

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-check-"));
  served = path.join(root, "upstream");
  await mkdir(served);
  upstream = await startUpstream(served);
});
afterAll(async () => {
  await upstream.close();
  await rm(root, { recursive: true, force: true });
});
beforeEach(async () => {
  staging = await mkdtemp(path.join(root, "staging-"));
  await place(path.join(NADCON, A), A);
  upstream.truncated.clear();
  upstream.digests.clear();
  upstream.withoutEtag.clear();
});

describe("HTTP upstream", () => {
  it("first check downloads the pinned bytes and keeps the ETag; the next one is a 304", async () => {
    const first = await checkSource(entryA(), {}, ctx());
    expect(first.candidate).toBeUndefined();
    expect(first.validators.etag).toMatch(/^"[0-9a-f]{32}"$/);
    const second = await checkSource(entryA(), first.validators, ctx());
    expect(second.found).toBe("304 Not Modified");
    expect(upstream.requests.at(-1)).toMatchObject({ status: 304, ifNoneMatch: first.validators.etag });
  });

  it("an upstream with only Last-Modified is asked If-Modified-Since", async () => {
    upstream.withoutEtag.add(`/${A}`);
    const first = await checkSource(entryA(), {}, ctx());
    expect(first.validators).toEqual({ lastModified: expect.any(String) });
    const second = await checkSource(entryA(), first.validators, ctx());
    expect(second.found).toBe("304 Not Modified");
    expect(upstream.requests.at(-1)?.ifModifiedSince).toBe(first.validators.lastModified);
  });

  it("other complete bytes than the pin are a candidate with their sha256 and size", async () => {
    await place(path.join(NADCON, B), A);
    const check = await checkSource(entryA(), {}, ctx());
    expect(check.candidate).toMatchObject({
      sha256: await sha(path.join(NADCON, B)),
      bytes: 9657,
      origin: "download",
    });
    expect(await sha(check.candidate?.path as string)).toBe(check.candidate?.sha256);
  });

  it("a transfer cut short of its Content-Length is download_incomplete", async () => {
    await place(path.join(NADCON, B), A);
    upstream.truncated.add(`/${A}`);
    await expect(checkSource(entryA(), {}, ctx())).rejects.toMatchObject({ code: "download_incomplete" });
  });

  it("bytes that differ from the response's Repr-Digest are checksum_mismatch", async () => {
    upstream.digests.set(`/${A}`, await sha(path.join(NADCON, B)));
    await expect(checkSource(entryA(), {}, ctx())).rejects.toMatchObject({ code: "checksum_mismatch" });
  });

  it("an error status is upstream_unavailable", async () => {
    await expect(checkSource(entryA({ url: `${upstream.url}/gone.tif` }), {}, ctx())).rejects.toMatchObject({
      code: "upstream_unavailable",
    });
  });
});

describe("published checksums (PROJ-data files.geojson)", () => {
  beforeAll(async () => place(path.join(NADCON, "files.geojson"), "files.geojson"));
  const published = () => ({ url: `${upstream.url}/files.geojson`, format: "proj-files-geojson" as const });

  it("the served grid matches the sha256sum and file_size files.geojson lists", async () => {
    const check = await checkSource(entryA({ published: published() }), {}, ctx());
    expect(check.found).toBe("downloaded, same bytes as pinned");
  });

  it("a grid whose bytes differ from the list is refused before anything is built", async () => {
    await place(path.join(NADCON, B), A);
    await expect(checkSource(entryA({ published: published() }), {}, ctx())).rejects.toMatchObject({
      code: "checksum_mismatch",
    });
  });
});

describe("archive members and mirrors", () => {
  it("a new member inside a zip archive is found by the member's sha256", async () => {
    await writeFile(
      path.join(served, "grids.zip"),
      storedZip(`us_noaa/${A}`, await readFile(path.join(NADCON, B))),
    );
    const entry = entryA({ url: `${upstream.url}/grids.zip`, archiveMember: `us_noaa/${A}` });
    const check = await checkSource(entry, {}, ctx());
    expect(check.candidate?.sha256).toBe(await sha(path.join(NADCON, B)));
  });

  it("mirror mode: the pinned file is unchanged, other content in its place is a candidate", async () => {
    const mirror = path.join(root, "mirror");
    await mkdir(path.join(mirror, "nadcon"), { recursive: true });
    await copyFile(path.join(NADCON, A), path.join(mirror, "nadcon", A));
    expect((await checkSource(entryA(), {}, { ...ctx(), mirror })).found).toBe("mirror file unchanged");
    await rm(path.join(mirror, "nadcon", A), { force: true });
    await copyFile(path.join(NADCON, B), path.join(mirror, "nadcon", A));
    const check = await checkSource(entryA(), {}, { ...ctx(), mirror });
    expect(check.candidate).toMatchObject({ origin: "mirror", path: path.join(mirror, "nadcon", A) });
  });
});
