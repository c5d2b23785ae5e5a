// publish and sync against a real S3-compatible server: OpenStack Swift's S3 API started by
// deploy/local/swift-up.sh (Debian packages; skipped, with the reason printed, where they are not
// installed). Data: the built dem family, plus a relabelled copy of it as a second version.
import { createHash } from "node:crypto";
import { cp, mkdtemp, readdir, readFile, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { CreateBucketCommand, PutObjectCommand } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readCurrent } from "../../artifacts/format/current-pointer.ts";
import { readManifest } from "../../artifacts/format/manifest.ts";
import { builtFamily } from "../../test/support/built-artifacts.ts";
import { ingestCli } from "../../test/support/ingest-cli.ts";
import { type LocalSwift, startSwift, swiftMissing } from "../../test/support/swift.ts";
import { type ObjectStore, pointerKey, storeFromEnv, versionKey } from "./object-store.ts";
import { readPointer } from "./publish.ts";
import { syncFamily } from "./sync.ts";

const FAMILY = "dem";

const missing = swiftMissing();
if (missing) console.warn(`object-store e2e skipped: ${missing}`);

describe.skipIf(missing !== undefined)("publish and sync through OpenStack Swift's S3 API", () => {
  let work: string;
  let env: NodeJS.ProcessEnv;
  let store: ObjectStore;
  let v1: string;
  let v2: string;
  let swift: LocalSwift | undefined;
  const cli = (...argv: string[]) => ingestCli(env, ...argv);

  beforeAll(async () => {
    work = await mkdtemp(path.join(tmpdir(), "geo402-objstore-"));
    swift = startSwift(path.join(work, "swift"), 18560, "geo402-e2e");
    env = swift.env;
    store = storeFromEnv(env);
    await store.client.send(new CreateBucketCommand({ Bucket: store.bucket }));
    // The publisher's artifacts: the built dem version, and the same outputs relabelled as a later version.
    const built = await builtFamily(FAMILY);
    v1 = built.version;
    v2 = `${v1.split("-")[0]!.replace(/\d+$/, (n) => String(Number(n) + 1))}-0123456789ab`;
    const pub = path.join(work, "publisher", FAMILY);
    await cp(built.dir, path.join(pub, v1), { recursive: true });
    await cp(built.dir, path.join(pub, v2), { recursive: true });
    const m2 = JSON.parse(await readFile(path.join(pub, v2, "manifest.json"), "utf8"));
    await writeFile(path.join(pub, v2, "manifest.json"), JSON.stringify({ ...m2, version: v2 }));
    await symlink(v1, path.join(pub, "current"));
  });

  afterAll(async () => {
    if (!work) return;
    swift?.stop();
    await rm(work, { recursive: true, force: true });
  });

  const publisher = () => path.join(work, "publisher");

  it("publishes a version once; republishing identical outputs (builtAt differs) uploads nothing", async () => {
    const first = await cli("publish", FAMILY, "--out", publisher());
    expect(first.err).toBe("");
    expect(first.out).toMatch(new RegExp(`${v1} uploaded \\d+ objects; pointer moved to it`));
    expect((await readPointer(store, FAMILY))?.version).toBe(v1);

    const manifestFile = path.join(publisher(), FAMILY, v1, "manifest.json");
    const m = JSON.parse(await readFile(manifestFile, "utf8"));
    await writeFile(manifestFile, JSON.stringify({ ...m, builtAt: new Date().toISOString() }));
    const again = await cli("publish", FAMILY, "--out", publisher());
    expect(again.code).toBe(0);
    expect(again.out).toContain("already in the store, nothing uploaded; pointer already on it");
  });

  it("refuses to republish a version whose outputs differ", async () => {
    const manifestFile = path.join(publisher(), FAMILY, v1, "manifest.json");
    const original = await readFile(manifestFile, "utf8");
    const m = JSON.parse(original);
    const out0 = m.outputs[0];
    await writeFile(path.join(publisher(), FAMILY, v1, out0.path), "changed");
    const changed = { ...out0, bytes: 7, sha256: createHash("sha256").update("changed").digest("hex") };
    await writeFile(manifestFile, JSON.stringify({ ...m, outputs: [changed, ...m.outputs.slice(1)] }));
    const r = await cli("publish", FAMILY, "--out", publisher());
    expect(r.code).toBe(1);
    expect(r.err).toContain(
      `${v1} is already published with different outputs; a published version is immutable`,
    );
    const built = await builtFamily(FAMILY);
    await cp(built.dir, path.join(publisher(), FAMILY, v1), { recursive: true });
  });

  it("sync downloads, verifies and switches; a conditional poll of an unchanged pointer is a 304", async () => {
    const replica = path.join(work, "replica");
    const first = await cli("sync", FAMILY, "--once", "--out", replica);
    expect(first.err).toBe("");
    expect(first.out).toMatch(new RegExp(`dem: switched to ${v1} \\(\\d+ files downloaded\\)`));
    expect(await readCurrent(path.join(replica, FAMILY))).toBe(v1);
    const manifest = await readManifest(path.join(replica, FAMILY, v1));
    expect(manifest.version).toBe(v1);

    const seen = await syncFamily(store, replica, FAMILY, { keep: 2, log: () => {} });
    expect(seen.status).toBe("up-to-date");
    expect(seen.etag).toBeTruthy();
    const again = await syncFamily(store, replica, FAMILY, { etag: seen.etag!, keep: 2, log: () => {} });
    expect(again.status).toBe("unchanged");

    // A new version, then the rollback: moving the pointer back to a version still on disk.
    expect((await cli("publish", FAMILY, "--to", v2, "--out", publisher())).code).toBe(0);
    const next = await syncFamily(store, replica, FAMILY, { etag: seen.etag!, keep: 2, log: () => {} });
    expect(next).toMatchObject({ status: "switched", version: v2 });
    expect(next.downloaded).toBeGreaterThan(0);
    expect(await readCurrent(path.join(replica, FAMILY))).toBe(v2);

    const back = await cli("publish", FAMILY, "--to", v1, "--out", publisher());
    expect(back.out).toContain(`${v1} already in the store, nothing uploaded; pointer moved to it`);
    const rolled = await syncFamily(store, replica, FAMILY, { etag: next.etag!, keep: 2, log: () => {} });
    expect(rolled).toMatchObject({ status: "switched", version: v1, downloaded: 0 });
    expect(await readCurrent(path.join(replica, FAMILY))).toBe(v1);
  });

  it("a tampered object in the store is refused and current stays where it was", async () => {
    const m = await readManifest(path.join(publisher(), FAMILY, v2));
    await store.client.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: versionKey(store, FAMILY, v2, m.outputs[0]!.path),
        Body: "x",
      }),
    );
    await store.client.send(
      new PutObjectCommand({
        Bucket: store.bucket,
        Key: pointerKey(store, FAMILY),
        Body: JSON.stringify({ family: FAMILY, version: v2, publishedAt: new Date().toISOString() }),
      }),
    );
    const fresh = path.join(work, "fresh-replica");
    const r = await cli("sync", FAMILY, "--once", "--out", fresh);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/expected \d+ bytes sha256 \w+, found 1 bytes/);
    expect(await readCurrent(path.join(fresh, FAMILY))).toBeUndefined();
    expect(await readdir(path.join(fresh, FAMILY))).toEqual([]);
  });
});
