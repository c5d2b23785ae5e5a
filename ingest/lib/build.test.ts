import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { readManifest, verifyOutputs } from "../../artifacts/format/manifest.ts";
import { buildFamily } from "./build.ts";
import type { PipelineOptions } from "./build-options.ts";
import { reproduce } from "./reproduce.ts";
import { storedZip } from "./test-fixtures/stored-zip.ts";
import { TEXT, textFamily, textSource } from "./test-fixtures/text-family.ts";

let root: string;
let mirror: string;
let outRoot: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-build-"));
  mirror = path.join(root, "mirror");
  outRoot = path.join(root, "artifacts");
  await mkdir(path.join(mirror, "text"), { recursive: true });
  await writeFile(path.join(mirror, "text", "greek.txt"), TEXT);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

function options(extra: Partial<PipelineOptions> = {}): PipelineOptions {
  return {
    outRoot,
    mirror,
    sources: [textSource()],
    log: () => {},
    progress: () => {},
    command: "test",
    gitSha: null,
    ...extra,
  };
}

describe("buildFamily", () => {
  it("writes the version with a schema-valid manifest and points current at it", async () => {
    const r = await buildFamily(textFamily(), options());
    expect(r.version).toMatch(/^1\.0-[0-9a-f]{12}$/);
    expect(await readlink(path.join(outRoot, "text", "current"))).toBe(r.version);
    const m = await readManifest(r.dir);
    expect(m.outputs.map((o) => o.path)).toEqual(["count.txt", "data/upper.txt"]);
    expect(m.outputs[1]!.sha256).toBe(createHash("sha256").update(TEXT.toUpperCase()).digest("hex"));
    expect(m.inputs[0]).toMatchObject({
      id: "test-greek",
      origin: "mirror",
      retrievedAt: "2026-01-02",
      license: "CC0-1.0",
    });
    expect(m.parameters).toEqual({ case: "upper" });
  });

  it("builds twice to byte-identical outputs and keeps the existing identical version", async () => {
    const a = await buildFamily(textFamily(), options({ now: () => new Date("2026-01-01T00:00:00Z") }));
    const b = await buildFamily(textFamily(), options({ now: () => new Date("2026-06-01T00:00:00Z") }));
    expect(b.version).toBe(a.version);
    expect(b.outputs).toEqual(a.outputs);
    expect(b.reused).toBe(true);
    const repro = await reproduce(textFamily(), options());
    expect(repro).toMatchObject({ against: "current", differences: [] });
  });

  it("refuses a mirror file whose sha256 differs from the pinned one", async () => {
    await writeFile(path.join(mirror, "text", "greek.txt"), "alpha\nbeta\ndelta\n");
    await expect(buildFamily(textFamily(), options())).rejects.toMatchObject({ code: "source_mismatch" });
    expect(existsSync(path.join(outRoot, "text", "current"))).toBe(false);
  });

  it("a failed verify leaves current on the previous version and removes the staging folder", async () => {
    const first = await buildFamily(textFamily(), options());
    const changed = { ...textFamily({ failVerify: true }), parameters: { case: "upper", v: 2 } };
    await expect(buildFamily(changed, options())).rejects.toThrow(/refused on purpose/);
    expect(await readlink(path.join(outRoot, "text", "current"))).toBe(first.version);
    expect((await readdir(path.join(outRoot, "text"))).sort()).toEqual(
      [first.version, "current", "history.json"].sort(),
    );
  });

  it("a build that throws midway leaves current untouched", async () => {
    const first = await buildFamily(textFamily(), options());
    const broken = {
      ...textFamily({ midway: () => Promise.reject(new Error("disk full")) }),
      parameters: { v: 3 },
    };
    await expect(buildFamily(broken, options())).rejects.toThrow("disk full");
    expect(await readlink(path.join(outRoot, "text", "current"))).toBe(first.version);
  });

  it("a build killed half-way leaves current untouched; the next build removes its staging folder", async () => {
    const first = await buildFamily(textFamily(), options());
    const child = spawn(
      process.execPath,
      [
        "--import",
        "tsx",
        path.join(import.meta.dirname, "test-fixtures", "interrupted-build.ts"),
        outRoot,
        mirror,
      ],
      {
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    await new Promise<void>((resolve, reject) => {
      child.stdout.on("data", (d: Buffer) => d.toString().includes("READY") && resolve());
      child.on("exit", (code) => reject(new Error(`child exited early with ${code}`)));
    });
    const staging = (await readdir(path.join(outRoot, "text"))).filter((n) => n.startsWith(".staging-"));
    expect(staging).toHaveLength(1);
    child.kill("SIGKILL");
    await new Promise((resolve) => child.once("exit", resolve));
    expect(await readlink(path.join(outRoot, "text", "current"))).toBe(first.version);
    await verifyOutputs(first.dir, await readManifest(first.dir));
    const again = await buildFamily(textFamily(), options());
    expect(again.reused).toBe(true);
    expect((await readdir(path.join(outRoot, "text"))).filter((n) => n.startsWith("."))).toEqual([]);
  });
});

describe("inputs without a mirror", () => {
  let server: Server;
  let base: string;
  const zip = storedZip("release/greek.txt", TEXT);
  beforeEach(async () => {
    server = createServer((req, res) => {
      if (req.url === "/greek.txt") res.end(TEXT);
      else if (req.url === "/greek.zip") res.end(zip);
      else res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
  });
  afterEach(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  it("downloads the pinned URL, checks it and records origin download", async () => {
    const r = await buildFamily(textFamily(), {
      ...options({ sources: [{ ...textSource(), url: `${base}/greek.txt` }] }),
      mirror: undefined,
    });
    const m = await readManifest(r.dir);
    expect(m.inputs[0]).toMatchObject({ origin: "download", url: `${base}/greek.txt` });
  });

  it("extracts a member of a zip archive (deflate)", async () => {
    const source = { ...textSource(), url: `${base}/greek.zip`, archiveMember: "release/greek.txt" };
    const r = await buildFamily(textFamily(), { ...options({ sources: [source] }), mirror: undefined });
    expect(await readFile(path.join(r.dir, "data", "upper.txt"), "utf8")).toBe(TEXT.toUpperCase());
  });

  it("a missing upstream file is source_unavailable", async () => {
    const source = { ...textSource(), url: `${base}/gone.txt` };
    await expect(
      buildFamily(textFamily(), { ...options({ sources: [source] }), mirror: undefined }),
    ).rejects.toMatchObject({ code: "source_unavailable" });
  });
});
