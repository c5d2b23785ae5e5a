// geo402-ingest: build | verify | list | plan | lock | repro | refresh | rollback | schedule | publish | sync. Parses arguments
// and dispatches; exit codes 0 success, 1 a build/verify/repro/refresh/rollback failed, 2 usage error.
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { readCurrent } from "../artifacts/format/current-pointer.ts";
import { lockCommand, planCommand } from "./catalogs/commands.ts";
import { coverageChanged } from "./catalogs/lock-coverage.ts";
import { readLock, type SourcesLock } from "./catalogs/lock-file.ts";
import { FAMILIES, familyByName } from "./families.ts";
import { buildFamily, expectedVersion } from "./lib/build.ts";
import type { PipelineOptions } from "./lib/build-options.ts";
import {
  expectedBuild,
  expectedHashesProblem,
  readExpectedHashes,
  recordExpectedHashes,
} from "./lib/expected-hashes.ts";
import type { FamilyBuilder } from "./lib/family.ts";
import { DEFAULT_KEEP } from "./lib/kept-versions.ts";
import { createProgress } from "./lib/progress.ts";
import { reproduce } from "./lib/reproduce.ts";
import { verifyCurrent } from "./lib/verify-family.ts";
import { publishCommand, syncCommand } from "./publish/commands.ts";
import { storeFromEnv } from "./publish/object-store.ts";
import { refreshCommand, rollbackCommand, scheduleCommand } from "./refresh/commands.ts";
import { effectiveSources } from "./refresh/pins.ts";
import { SOURCES, type SourceEntry, sourceById } from "./sources.ts";

export const USAGE = `usage: geo402-ingest <command> [options]
  build <family>|all   build into <out>/<family>/<version>, switch current after verify
      --missing-only   skip families whose current version is the expected one and verifies
  verify [family]      check manifest, output hashes and known answers of current versions
  list                 families, their sources and current versions
  plan <family>|all    the spec's coverage as the publishers' catalogs list it (URL, size, hash,
                       whether the mirror holds each file) — enc, dem, datum-grids, census
      --json           as one JSON document
      --catalogs DIR   catalogs the mirror lacks, laid out like the mirror (e.g. test/fixtures/catalogs)
  lock                 write that plan to ingest/sources.lock.json (builds report against it)
  repro <family>|all   rebuild into a scratch folder, compare output sha256s with the current build
                       and with artifacts/expected-hashes.json (a change of bytes needs a format bump)
      --record         write the rebuild's hashes into artifacts/expected-hashes.json
  refresh [family|all] check upstream; on a new version: check, build, verify, switch current
      --force          also take upstream bytes a rollback rejected
      --json           one JSON line per family (status, found, built, switched, duration)
  rollback <family>    switch current back to the kept version built before it
      --to VERSION     to this kept version instead
  schedule             refresh on $GEO402_REFRESH_CRON until SIGTERM (docs/refresh.md)
  publish <family>|all upload current to the object store ($GEO402_S3_*), then move its pointer
      --to VERSION     this version instead (one only in the store: moves the pointer = rollback)
  sync [family|all]    follow the store's pointers: download, verify, switch current (docs/operations.md)
      --once           one poll, then exit (default: every $GEO402_SYNC_INTERVAL_S s until SIGTERM)
options:
  --mirror DIR         mirror root (default: $GEO402_MIRROR, else ../shared/data when it exists)
  --no-mirror          ignore any mirror and download the pinned URLs
  --upstream URL       download from URL/<host>/<path> instead of each publisher's host (a local
                       copy laid out like their sites; default: $GEO402_UPSTREAM)
  --out DIR            artifacts root (default: $GEO402_ARTIFACTS, else ./artifacts)
  --keep N             earlier versions kept besides current (default: $GEO402_KEEP_VERSIONS, else 2)`;

export interface CliDeps {
  families?: readonly FamilyBuilder[];
  sources?: readonly SourceEntry[];
  env?: NodeJS.ProcessEnv;
  /** The committed output hashes `repro` compares with (default artifacts/expected-hashes.json). */
  expectedHashes?: string;
  cwd?: string;
  stdout?: { write(s: string): unknown; isTTY?: boolean };
  stderr?: { write(s: string): unknown; isTTY?: boolean };
  /** Where `lock` writes (default ingest/sources.lock.json). */
  lockFile?: string;
}

interface Parsed {
  command: string | undefined;
  target: string | undefined;
  mirror: string | undefined;
  noMirror: boolean;
  out: string | undefined;
  missingOnly: boolean;
  keep: string | undefined;
  force: boolean;
  json: boolean;
  to: string | undefined;
  once: boolean;
  record: boolean;
  catalogs: string | undefined;
  upstream: string | undefined;
}

function parse(argv: readonly string[]): Parsed {
  const p: Parsed = {
    command: undefined,
    target: undefined,
    mirror: undefined,
    noMirror: false,
    out: undefined,
    missingOnly: false,
    keep: undefined,
    force: false,
    json: false,
    to: undefined,
    once: false,
    record: false,
    catalogs: undefined,
    upstream: undefined,
  };
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const value = (): string => {
      const v = argv[++i];
      if (v === undefined || v.startsWith("--")) throw new UsageError(`${a} needs a value`);
      return v;
    };
    if (a === "--mirror") p.mirror = value();
    else if (a.startsWith("--mirror=")) p.mirror = a.slice(9);
    else if (a === "--out") p.out = value();
    else if (a.startsWith("--out=")) p.out = a.slice(6);
    else if (a === "--no-mirror") p.noMirror = true;
    else if (a === "--missing-only") p.missingOnly = true;
    else if (a === "--keep") p.keep = value();
    else if (a === "--to") p.to = value();
    else if (a === "--force") p.force = true;
    else if (a === "--json") p.json = true;
    else if (a === "--once") p.once = true;
    else if (a === "--record") p.record = true;
    else if (a === "--catalogs") p.catalogs = value();
    else if (a === "--upstream") p.upstream = value();
    else if (a.startsWith("-")) throw new UsageError(`unknown option ${a}`);
    else if (p.command === undefined) p.command = a;
    else if (p.target === undefined) p.target = a;
    else throw new UsageError(`unexpected argument ${a}`);
  }
  return p;
}

class UsageError extends Error {}

function keepOption(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text))
    throw new UsageError(`--keep / GEO402_KEEP_VERSIONS must be a whole number, got "${text}"`);
  return Number(text);
}

/** The repository root (the folder holding ingest/). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

function defaultMirror(env: NodeJS.ProcessEnv): string | undefined {
  if (env.GEO402_MIRROR) return env.GEO402_MIRROR;
  const shared = path.join(env.GEO402_SHARED ?? path.resolve(REPO_ROOT, "../shared"), "data");
  return existsSync(shared) ? shared : undefined;
}

export async function runCli(argv: readonly string[], deps: CliDeps = {}): Promise<number> {
  const families = deps.families ?? FAMILIES;
  const env = deps.env ?? process.env;
  const cwd = deps.cwd ?? process.cwd();
  const stdout = deps.stdout ?? process.stdout;
  const stderr = deps.stderr ?? process.stderr;
  let p: Parsed;
  try {
    p = parse(argv);
    if (p.command === undefined || p.command === "help" || argv.includes("--help")) {
      stdout.write(`${USAGE}\n`);
      return p.command === undefined && !argv.includes("--help") ? 2 : 0;
    }
    if (p.missingOnly && p.command !== "build") throw new UsageError("--missing-only applies to build only");
    if (
      (p.command === "build" || p.command === "repro" || p.command === "publish" || p.command === "plan") &&
      !p.target
    )
      throw new UsageError(`${p.command} needs a family name or "all"`);
    if ((p.command === "list" || p.command === "schedule" || p.command === "lock") && p.target)
      throw new UsageError(`${p.command} takes no argument`);
    if (p.command === "rollback" && (!p.target || p.target === "all"))
      throw new UsageError("rollback needs one family name");
    if (p.force && p.command !== "refresh") throw new UsageError("--force applies to refresh only");
    if (p.json && p.command !== "refresh" && p.command !== "plan")
      throw new UsageError("--json applies to refresh and plan only");
    if (p.catalogs !== undefined && p.command !== "plan" && p.command !== "lock")
      throw new UsageError("--catalogs applies to plan and lock only");
    if (p.to !== undefined && p.command !== "rollback" && p.command !== "publish")
      throw new UsageError("--to applies to rollback and publish only");
    if (p.to !== undefined && p.command === "publish" && p.target === "all")
      throw new UsageError("publish --to needs one family name");
    if (p.once && p.command !== "sync") throw new UsageError("--once applies to sync only");
    if (p.record && p.command !== "repro") throw new UsageError("--record applies to repro only");
    keepOption(p.keep ?? env.GEO402_KEEP_VERSIONS);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    stderr.write(`geo402-ingest: ${err.message}\n${USAGE}\n`);
    return 2;
  }
  const selected = (): readonly FamilyBuilder[] =>
    p.target === undefined || p.target === "all" ? families : [familyByName(p.target, families)];
  const mirror = p.noMirror ? undefined : p.mirror ? path.resolve(cwd, p.mirror) : defaultMirror(env);
  const outRoot = path.resolve(cwd, p.out ?? env.GEO402_ARTIFACTS ?? "artifacts");
  const registry = deps.sources ?? SOURCES;
  let sources: readonly SourceEntry[];
  let lock: SourcesLock | undefined;
  try {
    lock = await readLock(deps.lockFile);
    // refresh and rollback apply the pins themselves; every other command reads them here.
    sources = ["refresh", "rollback", "schedule", "publish", "sync"].includes(p.command)
      ? registry
      : await effectiveSources(registry, outRoot, families);
  } catch (err) {
    stderr.write(`geo402-ingest: ${(err as Error).message}\n`);
    return 1;
  }
  const opts: PipelineOptions = {
    outRoot,
    ...(mirror ? { mirror } : {}),
    sources,
    keep: keepOption(p.keep ?? env.GEO402_KEEP_VERSIONS),
    log: (m) => stderr.write(`${m}\n`),
    progress: createProgress({ stream: stderr }),
    command: ["geo402-ingest", ...argv].join(" "),
    ...(lock ? { lock } : {}),
    ...((p.upstream ?? env.GEO402_UPSTREAM) ? { upstream: p.upstream ?? env.GEO402_UPSTREAM } : {}),
  };

  if (p.command === "plan" || p.command === "lock") {
    const planOpts = {
      ...(p.catalogs ? { catalogs: path.resolve(cwd, p.catalogs) } : {}),
      ...(mirror ? { mirror } : {}),
      cacheDir: path.join(outRoot, ".cache", "catalogs"),
    };
    return p.command === "plan"
      ? planCommand(p.target as string, planOpts, p.json, { stdout, stderr })
      : lockCommand(planOpts, { stdout, stderr }, deps.lockFile);
  }
  let failed = 0;
  const each = async (f: FamilyBuilder, step: () => Promise<string>): Promise<void> => {
    try {
      stdout.write(`${f.family}: ${await step()}\n`);
    } catch (err) {
      failed++;
      stderr.write(`${f.family}: FAILED: ${(err as Error).message}\n`);
    }
  };
  let list: readonly FamilyBuilder[];
  try {
    list = p.command === "list" ? families : selected();
  } catch (err) {
    stderr.write(`geo402-ingest: ${(err as Error).message}\n`);
    return 2;
  }
  switch (p.command) {
    case "build":
      for (const f of list) {
        await each(f, async () => {
          let corrupt: string | undefined;
          if (p.missingOnly) {
            const current = await readCurrent(path.join(opts.outRoot, f.family)).catch(() => undefined);
            if (current === expectedVersion(f, opts)) {
              try {
                const { dir } = await verifyCurrent(f, opts.outRoot);
                const entries = f.sources.map((id) => sourceById(id, opts.sources));
                if (!(await coverageChanged(dir, opts.lock, f.family, entries)))
                  return `up to date (${current})`;
                opts.log(
                  `${f.family}: ingest/sources.lock.json changed what ${current} serves of it; rebuilding`,
                );
              } catch (err) {
                corrupt = `current ${current} did not verify (${(err as Error).message})`;
                opts.log(`${f.family}: WARNING: ${corrupt}; rebuilding it`);
              }
            }
          }
          const started = performance.now();
          const cpu = process.cpuUsage();
          const r = await buildFamily(f, opts);
          const used = process.cpuUsage(cpu);
          const seconds = `${((performance.now() - started) / 1000).toFixed(1)} s, CPU ${((used.user + used.system) / 1e6).toFixed(1)} s`;
          const built = `built ${r.version} in ${seconds}${r.reused ? " (identical to the existing build, kept)" : ""}`;
          return corrupt ? `REBUILT: ${corrupt}; ${built}` : built;
        });
      }
      break;
    case "verify":
      for (const f of list)
        await each(f, async () => `ok (${(await verifyCurrent(f, opts.outRoot)).version})`);
      break;
    case "repro": {
      const hashesFile = deps.expectedHashes ?? path.join(REPO_ROOT, "artifacts", "expected-hashes.json");
      const shown = path.relative(cwd, hashesFile) || hashesFile;
      for (const f of list) {
        await each(f, async () => {
          const r = await reproduce(f, opts);
          const built = expectedBuild(f.formatVersion, r.version, r.outputs);
          // The committed hashes first: a changed builder also differs from a current built before it.
          const expected = (await readExpectedHashes(hashesFile))[f.family];
          const problem = p.record ? undefined : expectedHashesProblem(f.family, built, expected, shown);
          if (problem) throw new Error(problem);
          if (r.differences.length > 0)
            throw new Error(`NOT reproducible (${r.version} vs ${r.against}): ${r.differences.join(", ")}`);
          const done = `reproducible (${r.version}: ${r.files} files identical to the ${r.against}`;
          if (!p.record) return `${done} and to ${shown})`;
          await recordExpectedHashes(hashesFile, f.family, built);
          return `${done}; recorded in ${shown})`;
        });
      }
      break;
    }
    case "list":
      for (const f of list) {
        const current = await readCurrent(path.join(opts.outRoot, f.family)).catch(
          (e: Error) => `unreadable (${e.message})`,
        );
        const expected = expectedVersion(f, opts);
        stdout.write(
          `${f.family}  format ${f.formatVersion}  expected ${expected}  current ${current ?? "none"}${current === expected ? "" : " (stale or missing)"}\n`,
        );
        if (f.description) stdout.write(`  ${f.description}\n`);
        stdout.write(`  sources: ${f.sources.join(", ")}\n`);
      }
      break;
    case "refresh":
      return refreshCommand(list, { ...opts, force: p.force }, { stdout, stderr, json: p.json });
    case "rollback":
      return rollbackCommand(
        list[0] as FamilyBuilder,
        { outRoot, sources, log: opts.log, ...(p.to ? { to: p.to } : {}) },
        { stdout, stderr },
      );
    case "schedule":
      return scheduleCommand(families, opts, env.GEO402_REFRESH_CRON, { stdout, stderr });
    case "publish":
    case "sync": {
      let store: ReturnType<typeof storeFromEnv>;
      try {
        store = storeFromEnv(env);
      } catch (err) {
        stderr.write(`geo402-ingest: ${(err as Error).message}\n`);
        return 2;
      }
      if (p.command === "publish") return publishCommand(store, list, outRoot, p.to, { stdout, stderr });
      const sync = {
        once: p.once,
        intervalText: env.GEO402_SYNC_INTERVAL_S,
        keep: opts.keep ?? DEFAULT_KEEP,
        log: opts.log,
      };
      return syncCommand(store, list, outRoot, sync, { stdout, stderr });
    }
    default:
      stderr.write(`geo402-ingest: unknown command ${p.command}\n${USAGE}\n`);
      return 2;
  }
  return failed > 0 ? 1 : 0;
}
