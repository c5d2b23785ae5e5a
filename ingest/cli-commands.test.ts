import { mkdir, mkdtemp, readFile, readlink, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS, USAGE } from "./cli-args.ts";
import { runCli } from "./cli-commands.ts";
import type { FamilyBuilder } from "./lib/family.ts";
import { TEXT, textFamily, textSource } from "./lib/test-fixtures/text-family.ts";

let root: string;
let out: string;
let mirror: string;
const sink = () => {
  const lines: string[] = [];
  return { lines, write: (s: string) => lines.push(s) };
};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "geo402-cli-"));
  out = path.join(root, "artifacts");
  mirror = path.join(root, "mirror");
  await mkdir(path.join(mirror, "text"), { recursive: true });
  await writeFile(path.join(mirror, "text", "greek.txt"), TEXT);
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

async function cli(args: string[], families: readonly FamilyBuilder[] = [textFamily()]) {
  const stdout = sink();
  const stderr = sink();
  const expectedHashes = path.join(root, "expected-hashes.json");
  const deps = { families, sources: [textSource()], env: {}, cwd: root, stdout, stderr, expectedHashes };
  const code = await runCli(args, deps);
  return { code, out: stdout.lines.join(""), err: stderr.lines.join("") };
}

describe("geo402-ingest", () => {
  it("build, then build --missing-only skips, verify passes, repro compares against current", async () => {
    const first = await cli(["build", "all", "--mirror", mirror, "--out", out]);
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^text: built 1\.0-[0-9a-f]{12}/);
    const version = await readlink(path.join(out, "text", "current"));
    const again = await cli(["build", "all", "--missing-only", "--mirror", mirror, "--out", out]);
    expect(again.out).toBe(`text: up to date (${version})\n`);
    expect((await cli(["verify", "--out", out])).code).toBe(0);
    const recorded = await cli(["repro", "text", "--record", "--mirror", mirror, "--out", out]);
    expect(recorded.out).toContain("recorded in expected-hashes.json");
    const repro = await cli(["repro", "text", "--mirror", mirror, "--out", out]);
    expect(repro.code).toBe(0);
    expect(repro.out).toContain("identical to the current and to expected-hashes.json");
    expect((await cli(["list", "--out", out])).out).toContain(`current ${version}`);
  });

  it("--missing-only rebuilds a family whose current version no longer verifies; verify reports it", async () => {
    await cli(["build", "text", "--mirror", mirror, "--out", out]);
    const version = await readlink(path.join(out, "text", "current"));
    await writeFile(path.join(out, "text", version, "count.txt"), "4\n");
    const verify = await cli(["verify", "text", "--out", out]);
    expect(verify.code).toBe(1);
    expect(verify.err).toMatch(/count\.txt/);
    const rebuilt = await cli(["build", "all", "--missing-only", "--mirror", mirror, "--out", out]);
    // It says so (issue 17.3): the summary line and the log name the corrupt version.
    expect(rebuilt.out).toMatch(/text: REBUILT: current .* did not verify .*count\.txt.*; built/);
    expect(rebuilt.err).toMatch(/text: WARNING: current .* did not verify/);
    expect(rebuilt.err).toMatch(/existing build of this version is corrupt on disk/);
    expect((await cli(["verify", "text", "--out", out])).code).toBe(0);
  });

  describe("repro against the committed hashes (issue 20.5)", () => {
    /** The text family with one builder change: a line more in its output, same format version. */
    const changedBuilder = (formatVersion = "1.0"): FamilyBuilder => {
      const base = textFamily();
      return {
        ...base,
        formatVersion,
        async build(ctx) {
          await base.build(ctx);
          await writeFile(path.join(ctx.outDir, "count.txt"), "3 lines\n");
        },
      };
    };
    const hashes = () => path.join(root, "expected-hashes.json");

    beforeEach(async () => {
      await cli(["build", "text", "--mirror", mirror, "--out", out]);
      expect((await cli(["repro", "text", "--record", "--mirror", mirror, "--out", out])).code).toBe(0);
    });

    it("fails when a builder change alters the bytes without a format bump, naming family, file and what to do", async () => {
      const repro = await cli(["repro", "all", "--mirror", mirror, "--out", out], [changedBuilder()]);
      expect(repro.code).toBe(1);
      expect(repro.err).toContain(
        "text: FAILED: text output bytes changed (count.txt) but its format version is still 1.0: bump formatVersion",
      );
      expect(repro.err).toContain("`geo402-ingest repro text --record` and commit expected-hashes.json");
    });

    it("fails when the committed hash differs from the rebuild", async () => {
      const recorded = JSON.parse(await readFile(hashes(), "utf8"));
      recorded.text.outputs["data/upper.txt"] = "0".repeat(64);
      await writeFile(hashes(), JSON.stringify(recorded));
      const repro = await cli(["repro", "text", "--mirror", mirror, "--out", out]);
      expect(repro.code).toBe(1);
      expect(repro.err).toContain("text output bytes changed (data/upper.txt)");
    });

    it("after a format bump asks for the new hashes, and passes once they are recorded", async () => {
      const bumped = [changedBuilder("1.1")];
      const before = await cli(["repro", "text", "--mirror", mirror, "--out", out], bumped);
      expect(before.code).toBe(1);
      expect(before.err).toMatch(
        /text builds 1\.1-\w+ but expected-hashes\.json records 1\.0-\w+ \(its format version went from 1\.0 to 1\.1\)/,
      );
      expect((await cli(["repro", "text", "--record", "--mirror", mirror, "--out", out], bumped)).code).toBe(
        0,
      );
      expect((await cli(["repro", "text", "--mirror", mirror, "--out", out], bumped)).code).toBe(0);
      expect(JSON.parse(await readFile(hashes(), "utf8")).text.formatVersion).toBe("1.1");
    });

    it("fails for a family with no committed hashes", async () => {
      await rm(hashes());
      const repro = await cli(["repro", "text", "--mirror", mirror, "--out", out]);
      expect(repro.code).toBe(1);
      expect(repro.err).toContain("no expected output hashes for text in expected-hashes.json");
    });
  });

  it("usage errors exit 2", async () => {
    expect((await cli([])).code).toBe(2);
    expect((await cli(["build"])).code).toBe(2);
    expect((await cli(["verify", "--missing-only"])).code).toBe(2);
    expect((await cli(["build", "all", "--record"])).code).toBe(2);
    expect((await cli(["build", "nope", "--out", out])).code).toBe(2);
    expect((await cli(["frobnicate"])).code).toBe(2);
    expect((await cli(["verify", "--mirror"])).code).toBe(2);
    expect((await cli(["list", "--nope"])).code).toBe(2);
    expect((await cli(["list", "extra"])).code).toBe(2);
    expect((await cli(["rollback", "all"])).code).toBe(2);
  });

  it("every command answers --help and -h with its own usage, exit 0", async () => {
    for (const command of Object.keys(COMMANDS))
      for (const flag of ["--help", "-h"]) {
        const r = await cli([command, flag]);
        expect(r.code).toBe(0);
        expect(r.out).toContain(`usage: geo402-ingest ${command}`);
        expect(r.out).toContain(COMMANDS[command]?.usage);
      }
    for (const args of [["--help"], ["-h"], ["help"]]) {
      const r = await cli(args);
      expect(r.code).toBe(0);
      expect(r.out).toBe(`${USAGE}\n`);
    }
  });

  it("an option another command takes is refused naming that command", async () => {
    const r = await cli(["build", "all", "--once"]);
    expect(r.code).toBe(2);
    expect(r.err).toContain("--once applies to sync only");
  });
});
