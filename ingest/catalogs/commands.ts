// `geo402-ingest plan <family>|all [--json]` and `geo402-ingest lock`: the files of the spec's
// coverage as the publishers' catalogs list them, whether the mirror holds each, and the lock.

import { LOCK_FILE, writeLock } from "./lock-file.ts";
import type { ResolvedPlan } from "./plan.ts";
import { type PlanOptions, RESOLVERS, resolvePlan, resolverOf } from "./plan.ts";

interface Io {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

async function plans(target: string, opts: PlanOptions): Promise<ResolvedPlan[]> {
  const resolvers = target === "all" ? RESOLVERS : [resolverOf(target)];
  const out: ResolvedPlan[] = [];
  for (const r of resolvers) out.push(await resolvePlan(r, opts));
  return out;
}

function describe(p: ResolvedPlan): string {
  const held = p.files.filter((f) => f.held).length;
  const from = p.catalog.url ?? p.catalog.mirrorPath ?? "no index";
  const lines = [
    `${p.family}: ${p.files.length} files, ${held} held by the mirror, ${p.files.length - held} missing`,
    `  catalog: ${from}${p.catalog.sha256 ? ` (sha256 ${p.catalog.sha256}, ${p.catalog.bytes} bytes)` : ""}${p.catalog.note ? ` — ${p.catalog.note}` : ""}`,
    `  rule: ${p.rule}`,
  ];
  for (const f of p.files) {
    const size = f.bytes === null ? "" : `  ${f.bytes} bytes`;
    const hash = f.sha256 === null ? "" : `  sha256 ${f.sha256.slice(0, 16)}…`;
    lines.push(`  ${f.held ? "held   " : "missing"}  ${f.name}  ${f.url}${size}${hash}`);
  }
  return `${lines.join("\n")}\n`;
}

export async function planCommand(target: string, opts: PlanOptions, json: boolean, io: Io): Promise<number> {
  try {
    const resolved = await plans(target, opts);
    io.stdout.write(
      json ? `${JSON.stringify({ families: resolved }, null, 2)}\n` : resolved.map(describe).join(""),
    );
    return 0;
  } catch (err) {
    io.stderr.write(`geo402-ingest plan: ${(err as Error).message}\n`);
    return 1;
  }
}

export async function lockCommand(opts: PlanOptions, io: Io, file = LOCK_FILE): Promise<number> {
  try {
    const resolved = await plans("all", opts);
    await writeLock(
      resolved.map(({ files, ...rest }) => ({ ...rest, files: files.map(({ held: _held, ...f }) => f) })),
      file,
    );
    for (const p of resolved) io.stdout.write(`${p.family}: ${p.files.length} files locked\n`);
    io.stdout.write(`wrote ${file}\n`);
    return 0;
  } catch (err) {
    io.stderr.write(`geo402-ingest lock: ${(err as Error).message}\n`);
    return 1;
  }
}
