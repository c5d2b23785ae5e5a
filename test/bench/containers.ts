// Our artifact formats against the standard containers (issue 20.8): PMTiles v3 for the tile
// container, COG for the datum grids, FlatGeobuf for chart features and the H3 cell index (the
// lat/lng grid and the DEM tiles, measured here too, moved to COG with timezone 2.0 and dem 2.0).
// Converts the built artifacts (into $BENCH_WORK or a temporary folder), checks
// that GDAL (gdal3.js) opens every standard file, then measures each side in its own process:
// file size, cold open (to the first answer), warm lookups/s over the same queries, peak RSS
// growth, and how many answers agree. Prints a markdown table of ratios ours / standard.
//   npm run bench -- containers            (BENCH_CASES=datum,enc to pick cases)
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { CASES, sizeOf } from "./_containers-cases.ts";
import { gdalOpens } from "./_containers-gdal.ts";

/** gdal3.js rejects with its error list (objects with `message`), not an Error. */
function gdalError(err: unknown): string {
  return err instanceof Error ? err.message : JSON.stringify(err);
}

const N = Number(process.env.BENCH_QUERIES ?? 20_000);
/** Rounds per side, alternated; the best of each is kept (the machine is shared and loaded). */
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);

interface Result {
  openMs: number;
  perSecond: number;
  peakRssMiB: number;
  answers: number[];
}

/**
 * Peak resident set of this process in KiB: /proc's VmHWM (reset at exec, unlike getrusage's
 * maxRSS, which a spawned child inherits from its parent), else the current RSS.
 */
function peakRssKiB(): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(
    existsSync("/proc/self/status") ? readFileSync("/proc/self/status", "utf8") : "",
  );
  return m ? Number(m[1]) : process.memoryUsage().rss / 1024;
}

async function child(name: string, side: "ours" | "standard", work: string): Promise<void> {
  // flatgeobuf's box search calls console.debug twice per query (Node prints it): silenced on
  // both sides so the measure is the format's, not the terminal's.
  console.debug = () => {};
  const c = CASES[name]!;
  const queries = JSON.parse(readFileSync(path.join(work, `${name}.queries.json`), "utf8")) as number[][];
  const before = peakRssKiB();
  const t0 = performance.now();
  const lookup = side === "ours" ? await c.openOurs() : await c.openStandard(work);
  await lookup(queries[0]!);
  const openMs = performance.now() - t0;
  const answers: number[] = [];
  for (const q of queries) answers.push(await lookup(q)); // first pass: warms caches
  const t1 = performance.now();
  for (const q of queries) await lookup(q);
  const perSecond = queries.length / ((performance.now() - t1) / 1000);
  const peakRssMiB = (peakRssKiB() - before) / 1024;
  // The result is the last line (a library may print before it).
  process.stdout.write(`\n${JSON.stringify({ openMs, perSecond, peakRssMiB, answers } satisfies Result)}\n`);
}

function runOnce(name: string, side: string, work: string): Result {
  const r = spawnSync(process.execPath, ["--import", "tsx", import.meta.filename, name, side, work], {
    encoding: "utf8",
    maxBuffer: 64 * 2 ** 20,
    cwd: path.resolve(import.meta.dirname, "../.."),
  });
  if (r.status !== 0) throw new Error(`${name} ${side} failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trimEnd().split("\n").at(-1)!) as Result;
}

/** Both sides, alternated for ROUNDS rounds: fastest open, fastest lookups, smallest peak growth. */
function runBoth(name: string, work: string): [Result, Result] {
  const rounds = Array.from({ length: ROUNDS }, () => [
    runOnce(name, "ours", work),
    runOnce(name, "standard", work),
  ]);
  const best = (side: 0 | 1): Result => {
    const all = rounds.map((r) => r[side]!);
    return {
      openMs: Math.min(...all.map((r) => r.openMs)),
      perSecond: Math.max(...all.map((r) => r.perSecond)),
      peakRssMiB: Math.min(...all.map((r) => r.peakRssMiB)),
      answers: all[0]!.answers,
    };
  };
  return [best(0), best(1)];
}

const [name, side, workArg] = process.argv.slice(2);
if (name && side && workArg) {
  await child(name, side as "ours" | "standard", workArg);
} else {
  const work = process.env.BENCH_WORK ?? mkdtempSync(path.join(tmpdir(), "geo402-containers-"));
  mkdirSync(work, { recursive: true });
  const wanted = process.env.BENCH_CASES?.split(",") ?? Object.keys(CASES);
  const f = (n: number, d = 2) =>
    n.toLocaleString("en-US", { maximumFractionDigits: d, minimumFractionDigits: d });
  const rows: string[] = [];
  const notes: string[] = [];
  for (const key of wanted) {
    const c = CASES[key]!;
    const { files, kind } = await c.convert(work);
    const opened = await gdalOpens(files[0]!, kind).catch(
      (err: unknown) => `GDAL refuses it (${gdalError(err)})`,
    );
    writeFileSync(path.join(work, `${key}.queries.json`), JSON.stringify(await c.queries(N)));
    const [ours, std] = runBoth(key, work);
    const agree = ours.answers.filter((a, i) => a === std.answers[i]).length / ours.answers.length;
    const oursBytes = sizeOf(c.ourFiles);
    const stdBytes = sizeOf(files);
    rows.push(
      `| ${c.ours} | ${c.standard} | ${f(oursBytes / 1024, 0)} / ${f(stdBytes / 1024, 0)} = **${f(oursBytes / stdBytes)}** | ${f(ours.openMs, 1)} / ${f(std.openMs, 1)} = **${f(ours.openMs / std.openMs)}** | ${f(ours.perSecond, 0)} / ${f(std.perSecond, 0)} = **${f(ours.perSecond / std.perSecond)}** | ${f(ours.peakRssMiB, 1)} / ${f(std.peakRssMiB, 1)} | ${f(100 * agree, 1)} % |`,
    );
    notes.push(`- ${key}: ${c.pattern}; GDAL: ${opened}`);
  }
  console.log(
    `${f(N, 0)} queries per case, best of ${ROUNDS} alternated rounds per side, Node ${process.version}, files in ${work}\n`,
  );
  console.log(
    "| ours | standard | size KiB ours / std = ratio | cold open ms = ratio | warm lookups/s = ratio (>1: ours faster) | peak RSS growth MiB ours / std | same answers |",
  );
  console.log("|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log(`\n${notes.join("\n")}`);
}
