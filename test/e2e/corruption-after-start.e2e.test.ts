// Artifacts damaged on disk after the service started (issue 17.3): the service verified every
// file against its manifest at start, so only what it reads later can carry the damage. Families
// read on demand from their files (datum-grids, dem, enc) check each tile's CRC-32 (dem: its
// GeoTIFF tiles' CRC-32s in dem.json) and answer 503
// data_unavailable, free, logged at error level; families held in memory (timezone, census: read
// whole at open, each block checked on first use; crs: read whole at open, parsed on first use) keep answering from the copy
// read at start. Balances are read on chain. Readiness follows the data (issue 30 item 5): once a
// read of dem, enc or datum-grids has failed, /readyz is 503 naming each as damaged.
import { readFileSync } from "node:fs";
import { cp, mkdtemp, open, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MemorySource } from "../../artifacts/format/byte-source.ts";
import { CogTiles } from "../../artifacts/format/cog-tiles.ts";
import { builtFamily } from "../support/built-artifacts.ts";
import { type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

const FAMILIES: Record<string, string> = {
  crs: "crs.json",
  "datum-grids": "nadcon5.g4t",
  dem: "dem-1-heights.tif",
  enc: "charts.g4t",
  timezone: "zones.h3i",
  census: "geographies.h3i",
};

/** Flips one byte in every `stride` bytes of [from, to) of a file, in place (same inode, as damage on disk would be). */
async function flipBytes(file: string, from: number, to: number, stride: number): Promise<void> {
  const f = await open(file, "r+");
  try {
    const region = Buffer.alloc(to - from);
    await f.read(region, 0, region.length, from);
    for (let at = 7; at < region.length; at += stride) region[at] = (region[at] as number) ^ 0x5a;
    await f.write(region, 0, region.length, from);
  } finally {
    await f.close();
  }
}

/** Every blob of ≥ 64 bytes of a tile container's data area gets a flipped byte. */
async function damageTiles(file: string): Promise<void> {
  const f = await open(file, "r");
  const head = Buffer.alloc(64);
  await f.read(head, 0, 64, 0);
  await f.close();
  await flipBytes(file, 64, Number(head.readBigUInt64LE(16)), 64);
}

/** Every stored tile of a tiled GeoTIFF (the dem's heights of the .hgt layer) gets flipped bytes; its directory stays whole. */
async function damageCogTiles(file: string): Promise<void> {
  const bytes = readFileSync(file);
  const cog = await CogTiles.open(new MemorySource(bytes), file);
  // The tiles lie between the header and the directory (dem 3.0 writes the directory last).
  let [first, last] = [bytes.length, 0];
  for (let i = 0; i < cog.tilesAcross * cog.tilesDown; i++) {
    const raw = await cog.raw(i);
    if (raw.length === 0) continue;
    const at = bytes.indexOf(Buffer.from(raw));
    [first, last] = [Math.min(first, at), Math.max(last, at + raw.length)];
  }
  await flipBytes(file, first, last, 64);
}

/** Bytes flipped throughout a file (after its first 200 bytes). */
async function damageEverywhere(file: string): Promise<void> {
  const f = await open(file, "r");
  const { size } = await f.stat();
  await f.close();
  await flipBytes(file, 200, size, 512);
}

describe("artifacts damaged on disk after start", () => {
  let t: TestService;
  let payer: Payer;
  let dir: string;
  const logLines: Record<string, unknown>[] = [];
  const files: Record<string, string> = {};

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "geo402-corrupt-after-"));
    for (const [family, file] of Object.entries(FAMILIES)) {
      const built = await builtFamily(family);
      await cp(built.dir, path.join(dir, family, built.version), { recursive: true });
      await symlink(built.version, path.join(dir, family, "current"));
      files[family] = path.join(dir, family, built.version, file);
    }
    t = await startTestService({
      env: { GEO402_ARTIFACTS: dir, LOG_LEVEL: "error" },
      logStream: { write: (line) => void logLines.push(JSON.parse(line) as Record<string, unknown>) },
    });
    payer = await t.newPayer();
    // After start: every tile of the on-demand families, and the in-memory families' files.
    for (const family of ["datum-grids", "enc"]) await damageTiles(files[family] as string);
    await damageCogTiles(files.dem as string);
    for (const family of ["crs", "timezone", "census"]) await damageEverywhere(files[family] as string);
  });
  afterAll(async () => {
    await t?.close();
    await rm(dir, { recursive: true, force: true });
  });

  const balances = async () => ({ payer: await t.balance(payer.address), payTo: await t.balance(t.payTo) });

  /** A paid request refused 503 data_unavailable for `family`, both balances unchanged, logged at error level. */
  async function refusedFree(request: () => Promise<Response>, family: string): Promise<void> {
    const before = await balances();
    const r = await request();
    expect(r.status).toBe(503);
    const body = (await r.json()) as { error: { code: string; family: string; reason?: string } };
    expect(body.error).toMatchObject({ code: "data_unavailable", family });
    expect(body.error.reason).toMatch(/checksum mismatch/);
    expect(await balances()).toEqual(before);
    expect(logLines.some((l) => l.level === 50 && l.family === family)).toBe(true);
  }

  it("datum-grids: the issue's NAD27 → NAD83(2011) point is refused 503, not answered 14.2 km off", async () => {
    await refusedFree(
      () =>
        postJson(payer.fetch, `${t.url}/v1/transform`, {
          from: "EPSG:4267",
          to: "EPSG:6318",
          coordinates: [[-156.9, 66.7]],
        }),
      "datum-grids",
    );
  });

  it("dem: an elevation from a damaged tile is refused 503", async () => {
    await refusedFree(() => payer.fetch(`${t.url}/v1/elevation?lat=59.654321&lon=-150.123456`), "dem");
  });

  it("enc: a depth from a damaged chart tile is refused 503", async () => {
    await refusedFree(() => payer.fetch(`${t.url}/v1/marine/depth?lat=59.6033&lon=-151.4192`), "enc");
  });

  it("timezone, census and crs answer from the copy verified at start, and charge for it", async () => {
    const before = await balances();
    const tz = await payer.fetch(`${t.url}/v1/timezone?lat=61.2181&lon=-149.9003`);
    expect(tz.status).toBe(200);
    expect((await tz.json()).timeZone).toBe("America/Anchorage");
    const census = await payer.fetch(`${t.url}/v1/us/geographies?lat=38.8977&lon=-77.0365`);
    expect(census.status).toBe(200);
    expect((await census.json()).stateCode).toBe("11");
    const nad83 = await postJson(payer.fetch, `${t.url}/v1/transform`, {
      from: "EPSG:4326",
      to: "EPSG:6318",
      coordinates: [[-122.33, 47.61]],
      epoch: 2010,
    });
    expect(nad83.status).toBe(200);
    expect(before.payer - (await balances()).payer).toBeGreaterThan(0n);
  });

  it("readiness: /readyz is 503 and names each family whose reads failed (dem among them)", async () => {
    const r = await fetch(`${t.service.adminUrl}/readyz`);
    expect(r.status).toBe(503);
    const body = (await r.json()) as {
      ready: boolean;
      families: { family: string; state: string; reason?: string }[];
    };
    expect(body.ready).toBe(false);
    const state = Object.fromEntries(body.families.map((f) => [f.family, f.state]));
    expect(state).toMatchObject({
      dem: "damaged",
      enc: "damaged",
      "datum-grids": "damaged",
      timezone: "ready",
      census: "ready",
      crs: "ready",
    });
    expect(body.families.find((f) => f.family === "dem")?.reason).toMatch(/checksum mismatch/);
  });
});
