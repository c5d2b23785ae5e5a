// Data refresh end to end on the crs family (the cheapest real one: proj.db → crs.json, a few
// seconds): a loopback upstream serves proj.db copied from ../shared/data, the real service runs
// on the devnet and answers paid POST /v1/transform while versions change under it. The "new
// upstream version" is proj.db rewritten by SQLite VACUUM: other bytes, the same EPSG v11.022
// content (no second EPSG release exists offline), so answers stay equal while the version moves.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { cp, mkdir, mkdtemp, readdir, readlink, rm, symlink } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { resolveCurrent, VERSION_PATTERN } from "../../artifacts/format/current-pointer.ts";
import { readManifest } from "../../artifacts/format/manifest.ts";
import { runCli } from "../../ingest/cli-commands.ts";
import { readPins } from "../../ingest/refresh/pins.ts";
import { SOURCES } from "../../ingest/sources.ts";
import { type Payer, postJson, REPO_ROOT, startTestService, type TestService } from "../support/service.ts";
import { place, vacuum } from "../support/upstream-files.ts";
import { startUpstream, type Upstream } from "../support/upstream-server.ts";

const SHARED = path.join(process.env.GEO402_SHARED ?? path.resolve(REPO_ROOT, "../shared"), "data");
const PROJ_DB = path.join(SHARED, "epsg", "proj.db");
const BODY = { from: "EPSG:4326", to: "EPSG:26905", coordinates: [[-149.9003, 61.2181]] };

let root: string;
let artifacts: string;
let mirror: string;
let vacuumed: string;
let seed: string;
let changed: string;
let upstream: Upstream;
let t: TestService;
let payer: Payer;
const crsDir = () => path.join(artifacts, "crs");

async function ingest(args: string[]) {
  const out: string[] = [];
  const err: string[] = [];
  const sources = SOURCES.map((e) =>
    e.id === "epsg-proj-db" ? { ...e, url: `${upstream.url}/proj.db`, archiveMember: undefined } : e,
  );
  const code = await runCli([...args, "--out", artifacts], {
    sources,
    env: {},
    cwd: root,
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
  });
  return { code, out: out.join(""), err: err.join("") };
}
const refresh = async (...args: string[]) => {
  const r = await ingest(["refresh", "crs", "--json", ...args]);
  return { exit: r.code, err: r.err, ...JSON.parse(r.out.trim().split("\n").pop() ?? "{}") };
};
const current = () => readlink(path.join(crsDir(), "current"));
const versions = async () => (await readdir(crsDir())).filter((n) => VERSION_PATTERN.test(n)).sort();
const leftovers = async () =>
  (await readdir(crsDir())).filter((n) => n.startsWith(".staging") || n === ".refresh.lock");

async function waitFor(what: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await what())) await new Promise((r) => setTimeout(r, 50));
}

async function transform(): Promise<{
  status: number;
  version: string | null;
  body: { coordinates?: number[][] };
}> {
  const r = await postJson(payer.fetch, `${t.url}/v1/transform`, BODY);
  return { status: r.status, version: r.headers.get("x-data-version"), body: await r.json() };
}

/** Paid requests in a loop on two connections until stopped. */
function requestLoop() {
  const seen: { status: number; version: string | null }[] = [];
  let stopped = false;
  const loops = [0, 1].map(async () => {
    while (!stopped) {
      const r = await transform();
      seen.push({ status: r.status, version: r.version });
    }
  });
  return {
    seen,
    async stop() {
      stopped = true;
      await Promise.all(loops);
      return seen;
    },
  };
}

/** Runs `during` while paid requests run; every one must succeed, and some must see each version. */
async function underLoad(during: () => Promise<string>, before: string): Promise<void> {
  const loop = requestLoop();
  await waitFor(() => loop.seen.length >= 2);
  const after = await during();
  await waitFor(() => t.service.data.version("crs") === after);
  const n = loop.seen.length;
  await waitFor(() => loop.seen.length >= n + 2);
  const seen = await loop.stop();
  expect(seen.filter((s) => s.status !== 200)).toEqual([]);
  expect(new Set(seen.map((s) => s.version))).toEqual(new Set([`crs@${before}`, `crs@${after}`]));
}

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-refresh-e2e-"));
  artifacts = path.join(root, "artifacts");
  mirror = path.join(root, "mirror");
  vacuumed = path.join(root, "proj-vacuumed.db");
  const built = await resolveCurrent(path.join(REPO_ROOT, "artifacts"), "crs").catch((e: Error) => {
    throw new Error(`crs artifacts are not built (${e.message}); run \`make artifacts\``);
  });
  seed = built.version;
  await cp(built.dir, path.join(crsDir(), seed), { recursive: true });
  await symlink(seed, path.join(crsDir(), "current"));
  await mkdir(path.join(root, "upstream"));
  await mkdir(path.join(mirror, "epsg"), { recursive: true });
  await place(PROJ_DB, path.join(root, "upstream", "proj.db"));
  upstream = await startUpstream(path.join(root, "upstream"));
  const starting = startTestService({
    revision: "A",
    // One payer sends the concurrent paid requests: it may hold the whole pool here.
    env: { GEO402_ARTIFACTS: artifacts, GEO402_DATA_POLL_MS: "500", GEO402_COMPUTE_PAYER_SHARE: "64" },
  });
  await vacuum(PROJ_DB, vacuumed);
  t = await starting;
  payer = await t.newPayer();
});
afterAll(async () => {
  await t?.close();
  await upstream?.close();
  await rm(root, { recursive: true, force: true });
});

describe("refresh from an HTTP upstream", () => {
  it("unchanged upstream: nothing is rebuilt, exit 0; the second check is a 304", async () => {
    const first = await refresh("--no-mirror");
    expect(first).toMatchObject({ exit: 0, status: "unchanged", built: false, from: seed });
    expect(upstream.requests.at(-1)).toMatchObject({ path: "/proj.db", status: 200 });
    const second = await refresh("--no-mirror");
    expect(second).toMatchObject({ exit: 0, status: "unchanged", built: false });
    expect(upstream.requests.at(-1)).toMatchObject({ status: 304, ifNoneMatch: expect.any(String) });
    expect(await versions()).toEqual([seed]);
    expect(t.service.data.version("crs")).toBe(seed);
  });

  it("OpenAPI documents x-data-version on artifact-backed routes, and answers match its pattern", async () => {
    const doc = (await (await fetch(`${t.url}/openapi.json`)).json()) as {
      paths: Record<
        string,
        Record<
          string,
          { responses: Record<string, { headers?: Record<string, { schema: { pattern: string } }> }> }
        >
      >;
    };
    const header = doc.paths["/v1/transform"]?.post?.responses["200"]?.headers?.["x-data-version"];
    expect(new RegExp(header?.schema.pattern ?? "^$").test(`crs@${seed}`)).toBe(true);
    expect(new RegExp(header?.schema.pattern ?? "^$").test(`crs@${seed}, datum-grids@${seed}`)).toBe(true);
    expect(doc.paths["/v1/hello"]?.post?.responses["200"]).toBeDefined();
    expect(doc.paths["/v1/hello"]?.post?.responses["200"]?.headers?.["x-data-version"]).toBeUndefined();
  });

  it("a refusal after the data was read also names the version (x-data-version)", async () => {
    const r = await postJson(payer.fetch, `${t.url}/v1/transform`, { ...BODY, to: "EPSG:99999" });
    expect(r.status).toBe(400);
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("unsupported_crs");
    expect(r.headers.get("x-data-version")).toBe(`crs@${seed}`);
  });

  it("a truncated download is rejected: exit 1, current, pins and the served version kept", async () => {
    const pins = await readPins(artifacts, "crs");
    await place(vacuumed, path.join(root, "upstream", "proj.db"));
    upstream.truncated.add("/proj.db");
    try {
      const r = await refresh("--no-mirror");
      expect(r).toMatchObject({
        exit: 1,
        status: "failed",
        code: "download_incomplete",
        from: seed,
        switched: false,
      });
    } finally {
      upstream.truncated.clear();
    }
    expect(await current()).toBe(seed);
    expect(await readPins(artifacts, "crs")).toEqual(pins);
    expect(await leftovers()).toEqual([]);
    expect(await transform()).toMatchObject({ status: 200, version: `crs@${seed}` });
  });

  it("an unparseable download (complete, but not a proj.db) is refused by the sanity checks", async () => {
    await place(path.join(SHARED, "epsg", "epsg-index-license.md"), path.join(root, "upstream", "proj.db"));
    const r = await refresh("--no-mirror");
    expect(r).toMatchObject({ exit: 1, status: "failed", code: "sanity_failed", found: ["epsg-proj-db"] });
    expect(await current()).toBe(seed);
    expect(await leftovers()).toEqual([]);
  });

  it("a new upstream version is built, verified, pinned and served; paid requests during the switch all succeed", async () => {
    await place(vacuumed, path.join(root, "upstream", "proj.db"));
    const before = await transform();
    await underLoad(async () => {
      const r = await refresh("--no-mirror");
      expect(r).toMatchObject({
        exit: 0,
        status: "switched",
        found: ["epsg-proj-db"],
        built: true,
        from: seed,
      });
      changed = r.to;
      return r.to;
    }, seed);
    expect(changed).not.toBe(seed);
    expect(await current()).toBe(changed);
    const pin = (await readPins(artifacts, "crs")).sources["epsg-proj-db"];
    const manifest = await readManifest(path.join(crsDir(), changed));
    expect(pin).toMatchObject({
      url: `${upstream.url}/proj.db`,
      sha256: manifest.inputs[0]?.sha256,
      vintage: "EPSG v11.022 (2024-11-05), PROJ 9.5.1 proj.db",
      etag: expect.any(String),
    });
    expect(manifest.inputs[0]).toMatchObject({ origin: "download", url: `${upstream.url}/proj.db` });
    const after = await transform();
    expect(after).toMatchObject({ status: 200, version: `crs@${changed}` });
    expect(after.body.coordinates).toEqual(before.body.coordinates);
  });
});

describe("refresh from a mirror", () => {
  it("an unchanged mirror file rebuilds nothing", async () => {
    await place(vacuumed, path.join(mirror, "epsg", "proj.db"));
    const r = await refresh("--mirror", mirror);
    expect(r).toMatchObject({ exit: 0, status: "unchanged", from: changed, built: false });
    expect(await versions()).toEqual([seed, changed].sort());
  });

  it("a refresh killed mid-build leaves current; the next run removes its staging and switches to the changed file", async () => {
    await place(PROJ_DB, path.join(mirror, "epsg", "proj.db"));
    const child = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, "bin", "geo402-ingest.mjs"),
        "refresh",
        "crs",
        "--mirror",
        mirror,
        "--out",
        artifacts,
      ],
      { stdio: ["ignore", "ignore", "pipe"] },
    );
    let log = "";
    child.stderr.on("data", (d: Buffer) => {
      log += d.toString();
      if (log.includes("building into")) child.kill("SIGKILL");
    });
    await new Promise((resolve) => child.on("exit", resolve));
    expect(log).toContain("building into");
    expect(await current()).toBe(changed);
    expect((await leftovers()).length).toBeGreaterThan(0);

    const r = await refresh("--mirror", mirror);
    expect(r).toMatchObject({
      exit: 0,
      status: "switched",
      found: ["epsg-proj-db"],
      from: changed,
      to: seed,
    });
    expect(r.err).toContain("removing leftover");
    expect(await leftovers()).toEqual([]);
    await waitFor(() => t.service.data.version("crs") === seed);
    expect(await transform()).toMatchObject({ status: 200, version: `crs@${seed}` });
  });
});

describe("rollback", () => {
  it("switches back to the version current before, under load; refresh then leaves the rejected bytes alone", async () => {
    await underLoad(async () => {
      const r = await ingest(["rollback", "crs"]);
      expect(r).toMatchObject({ code: 0, out: `crs: rolled back ${seed} → ${changed}\n` });
      return changed;
    }, seed);
    expect(await current()).toBe(changed);
    const r = await refresh("--mirror", mirror);
    expect(r).toMatchObject({
      exit: 0,
      status: "skipped",
      built: false,
      reason: expect.stringMatching(/rollback rejected/),
    });
    expect(await ingest(["rollback", "crs"])).toMatchObject({ code: 1 });
    expect(await current()).toBe(changed);
    expect(existsSync(path.join(crsDir(), seed))).toBe(true);
  });
});
