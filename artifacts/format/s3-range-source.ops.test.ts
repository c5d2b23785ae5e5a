// The readers over object storage: built families uploaded to a real S3-compatible server
// (OpenStack Swift's S3 API, started by deploy/local/swift-up.sh as the publish/sync e2e does;
// skipped, with the reason printed, where Swift is not installed) and read through S3RangeSource
// (GetObject with Range) answer exactly what the same readers answer over the local files.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { storeFromEnv } from "../../ingest/publish/object-store.ts";
import { DemDataset } from "../../service/data/dem-dataset.ts";
import { openBuiltDem } from "../../test/dem/dem-test-artifacts.ts";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { type LocalSwift, startSwift, swiftMissing } from "../../test/support/swift.ts";
import { DEM_METADATA_FILE } from "./dem-metadata.ts";
import { DemReader } from "./dem-reader.ts";
import { S3RangeSource } from "./s3-range-source.ts";
import { TIMEZONE_FILES, TimezoneLookup } from "./timezone-lookup.ts";

const missing = swiftMissing();
if (missing) console.warn(`S3 range source e2e skipped: ${missing}`);

/** Deterministic pseudo-random numbers in [0, 1). */
function random(seed: number): () => number {
  let s = seed;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

describe.skipIf(missing !== undefined)("artifact readers over S3 range reads (OpenStack Swift)", () => {
  let work: string;
  let swift: LocalSwift | undefined;
  let store: ReturnType<typeof storeFromEnv>;
  const opened: S3RangeSource[] = [];

  /** Uploads a file of a built version and opens it as a range source. */
  async function upload(dir: string, family: string, file: string): Promise<S3RangeSource> {
    const key = `${family}/${path.basename(dir)}/${file}`;
    await store.client.send(
      new PutObjectCommand({ Bucket: store.bucket, Key: key, Body: await readFile(path.join(dir, file)) }),
    );
    const source = await S3RangeSource.open({ client: store.client, bucket: store.bucket, key });
    opened.push(source);
    return source;
  }

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "geo402-s3range-"));
    swift = startSwift(path.join(work, "swift"), 18620, "geo402-range");
    store = storeFromEnv(swift.env);
    await store.client.send(new CreateBucketCommand({ Bucket: store.bucket }));
  });

  afterAll(async () => {
    if (!work) return;
    swift?.stop();
    await rm(work, { recursive: true, force: true });
  });

  it("timezone: cell indexes read by range answer 300 points exactly as the files do", {
    timeout: 300_000,
  }, async () => {
    const { dir } = await builtFamily("timezone");
    const remote = await TimezoneLookup.fromSources({
      zones: await upload(dir, "timezone", TIMEZONE_FILES.zones),
      coastal: await upload(dir, "timezone", TIMEZONE_FILES.coastal),
      tiles: await upload(dir, "timezone", TIMEZONE_FILES.tiles),
    });
    const local = await TimezoneLookup.open(dir, "file");
    const next = random(20);
    let boundary = 0;
    for (let i = 0; i < 300; i++) {
      const lat = (Math.asin(2 * next() - 1) * 180) / Math.PI;
      const lon = -180 + 360 * next();
      const want = await local.lookupCells(lat, lon);
      expect(await remote.lookupCells(lat, lon)).toEqual(want);
      expect(await remote.lookup(lat, lon)).toEqual(await local.lookup(lat, lon));
      if (want.source === "boundary") boundary++;
    }
    expect(boundary).toBeGreaterThan(45);
    expect(opened[0]?.requests).toBeGreaterThan(45);
    remote.close();
    local.close();
  });

  it("dem: tiles read by range give the heights, blocks and profile of the file source", {
    timeout: 300_000,
  }, async () => {
    const { dir } = await builtFamily("dem");
    const sources: S3RangeSource[] = [];
    const remote = new DemDataset(
      await DemReader.open(async (file) => {
        const source = await upload(dir, "dem", file);
        sources.push(source);
        return source;
      }),
    );
    const requests = () => sources.reduce((n, s) => n + s.requests, 0);
    // dem.json: one range read; each GeoTIFF: its first 16 KiB, then, when the file is longer, one
    // read from its directory (written after the tiles, dem 3.0) to the end.
    const atOpen = sources.reduce((n, s, i) => n + (i > 0 && s.size > 16384 ? 2 : 1), 0);
    expect(requests()).toBe(atOpen);
    const local = await openBuiltDem();
    // Points in both blocks (SRTM .hgt tile and the Copernicus GLO-30 window) and a 600-sample line.
    const next = random(7);
    const points = [
      ...Array.from({ length: 300 }, () => ({ lon: -150.95 + next() * 0.9, lat: 59.05 + next() * 0.9 })),
      ...Array.from({ length: 100 }, () => ({ lon: -149.285 + next() * 0.07, lat: 63.845 + next() * 0.07 })),
      ...Array.from({ length: 600 }, (_, i) => ({
        lon: -150.95 + (0.9 * i) / 599,
        lat: 59.95 - (0.25 * i) / 599,
      })),
    ];
    const answers = async (dem: DemDataset) => {
      const out: unknown[] = [];
      const positions = points.map((p) => ({ longitude: p.lon, latitude: p.lat }));
      await dem.visit(dem.tilesOfPositions(positions, "bilinear"), (view, i) => {
        const p = points[i] as { lon: number; lat: number };
        const at = view.locate(p.lon, p.lat);
        out.push(at && { at, sampled: view.sample(at, "bilinear") });
      });
      return out;
    };
    const want = await answers(local);
    expect(want.filter((a) => a !== null).length).toBeGreaterThan(900);
    expect(await answers(remote)).toEqual(want);
    expect(remote.reader.blobReads).toBeGreaterThan(0);
    // Then a tile is one read of its heights and one of its flags.
    expect(requests()).toBe(atOpen + 2 * remote.reader.blobReads);
    remote.reader.close();
    local.reader.close();
  });

  it("refuses to mix versions: an object replaced after open is not read", async () => {
    const { dir } = await builtFamily("dem");
    const source = await upload(dir, "dem-replaced", DEM_METADATA_FILE);
    expect((await source.read(0, 8)).length).toBe(8);
    await store.client.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: `dem-replaced/${path.basename(dir)}/${DEM_METADATA_FILE}`,
        Body: new Uint8Array(source.size),
      }),
    );
    await expect(source.read(0, 8)).rejects.toThrow();
  });
});
