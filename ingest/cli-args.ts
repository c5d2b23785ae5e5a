// The arguments of geo402-ingest: one table of commands (usage, the argument each takes, the
// options of its own), parsed by node:util parseArgs. A command is added here with one entry;
// `--help`/`-h` after any command prints that command's usage, alone the whole usage.
import { strictParseArgs } from "../cli/strict-args.ts";

/** What a command's one positional argument is: none, optional, required, or exactly one family. */
type Target = "none" | "optional" | "required" | "one";

interface CommandSpec {
  /** The command's usage lines (its own options indented under it). */
  usage: string;
  target: Target;
  /** Options only this command takes (the common ones are in COMMON_OPTIONS). */
  options: readonly OptionName[];
}

const OPTIONS = {
  mirror: { type: "string" },
  "no-mirror": { type: "boolean" },
  out: { type: "string" },
  keep: { type: "string" },
  "missing-only": { type: "boolean" },
  record: { type: "boolean" },
  force: { type: "boolean" },
  json: { type: "boolean" },
  to: { type: "string" },
  once: { type: "boolean" },
  into: { type: "string" },
  catalogs: { type: "string" },
  upstream: { type: "string" },
  help: { type: "boolean", short: "h" },
} as const;
type OptionName = keyof typeof OPTIONS;
const COMMON_OPTIONS: readonly OptionName[] = ["mirror", "no-mirror", "upstream", "out", "keep", "help"];

export const COMMANDS: Record<string, CommandSpec> = {
  build: {
    usage: `  build <family>|all   build into <out>/<family>/<version>, switch current after verify; dem and
                       datum-grids also read every file of ingest/sources.lock.json the mirror,
                       the cache or the publisher supplies (the rest are listed missing)
      --missing-only   skip families whose current version is the expected one and verifies`,
    target: "required",
    options: ["missing-only"],
  },
  verify: {
    usage: "  verify [family]      check manifest, output hashes and known answers of current versions",
    target: "optional",
    options: [],
  },
  list: {
    usage: "  list                 families, their sources and current versions",
    target: "none",
    options: [],
  },
  plan: {
    usage: `  plan <family>|all    the spec's coverage as the publishers' catalogs list it (URL, size, hash,
                       whether the mirror holds each file) — enc, dem, datum-grids, census
      --json           as one JSON document
      --catalogs DIR   catalogs the mirror lacks, laid out like the mirror (e.g. test/fixtures/catalogs)`,
    target: "required",
    options: ["json", "catalogs"],
  },
  lock: {
    usage: `  lock                 write that plan to ingest/sources.lock.json (builds follow it),
                       from the publishers' catalogs only (the mirror's copy or a download; a
                       catalog that cannot be read locks the pinned files and counts the rest)`,
    target: "none",
    options: [],
  },
  repro: {
    usage: `  repro <family>|all   rebuild into a scratch folder, compare output sha256s with the current build
                       and with artifacts/expected-hashes.json (a change of bytes needs a format bump)
      --record         write the rebuild's hashes into artifacts/expected-hashes.json`,
    target: "required",
    options: ["record"],
  },
  refresh: {
    usage: `  refresh [family|all] check upstream; on a new version: check, build, verify, switch current
      --force          also take upstream bytes a rollback rejected
      --json           one JSON line per family (status, found, built, switched, duration)`,
    target: "optional",
    options: ["force", "json"],
  },
  rollback: {
    usage: `  rollback <family>    switch current back to the kept version built before it
      --to VERSION     to this kept version instead`,
    target: "one",
    options: ["to"],
  },
  schedule: {
    usage: "  schedule             refresh on $GEO402_REFRESH_CRON until SIGTERM (docs/refresh.md)",
    target: "none",
    options: [],
  },
  publish: {
    usage: `  publish <family>|all upload current to the object store ($GEO402_S3_*), then move its pointer
      --to VERSION     this version instead (one only in the store: moves the pointer = rollback)`,
    target: "required",
    options: ["to"],
  },
  sync: {
    usage: `  sync [family|all]    follow the store's pointers: download, verify, switch current (docs/operations.md)
      --once           one poll, then exit (default: every $GEO402_SYNC_INTERVAL_S s until SIGTERM)`,
    target: "optional",
    options: ["once"],
  },
  export: {
    usage: `  export <family>      write the current version in a format GDAL opens (docs/artifacts.md §Export):
                       datum-grids as one GeoTIFF per grid; enc as one FlatGeobuf per
                       layer; timezone as one FlatGeobuf of its H3 cell polygons
      --into DIR       the folder written (required)`,
    target: "one",
    options: ["into"],
  },
};

const COMMON_USAGE = `options:
  --mirror DIR         mirror root (default: $GEO402_MIRROR, else ../shared/data when it exists)
  --no-mirror          ignore any mirror and download the pinned URLs
  --upstream URL       download from URL/<host>/<path> instead of each publisher's host (a local
                       copy laid out like their sites; default: $GEO402_UPSTREAM)
  --out DIR            artifacts root (default: $GEO402_ARTIFACTS, else ./artifacts)
  --keep N             earlier versions kept besides current (default: $GEO402_KEEP_VERSIONS, else 2)
  -h, --help           this text; after a command, that command's usage`;

export const USAGE = `usage: geo402-ingest <command> [options]
${Object.values(COMMANDS)
  .map((c) => c.usage)
  .join("\n")}
${COMMON_USAGE}`;

/** The usage of one command. */
export const commandUsage = (command: string): string =>
  `usage: geo402-ingest ${command} [options]\n${COMMANDS[command]?.usage ?? ""}\n${COMMON_USAGE}`;

export class UsageError extends Error {}

export interface Parsed {
  /** "help" when help was asked for (with or without a command). */
  command: string;
  /** The command help was asked for, if any. */
  helpFor?: string;
  /** No command and no help asked for: the usage is printed, and it is a usage error (exit 2). */
  bare?: boolean;
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
  into: string | undefined;
  catalogs: string | undefined;
  upstream: string | undefined;
}

/** The parsed arguments, or throws UsageError with what is wrong. */
export function parseIngestArgs(argv: readonly string[]): Parsed {
  const { values: v, positionals } = parseWith(argv);
  const [command, target, extra] = positionals;
  if (command === "help" || (v.help && (command === undefined || COMMANDS[command])))
    return {
      ...fromValues(v, undefined),
      command: "help",
      ...(command && command !== "help" ? { helpFor: command } : {}),
    };
  if (command === undefined) return { ...fromValues(v, undefined), command: "help", bare: true };
  const spec = COMMANDS[command];
  if (!spec) throw new UsageError(`unknown command ${command}`);
  if (extra !== undefined) throw new UsageError(`unexpected argument ${extra}`);
  const given = (Object.keys(v) as OptionName[]).filter((o) => v[o] !== undefined);
  for (const o of given)
    if (!COMMON_OPTIONS.includes(o) && !spec.options.includes(o)) {
      const takers = Object.entries(COMMANDS)
        .filter(([, c]) => c.options.includes(o))
        .map(([name]) => name);
      throw new UsageError(`--${o} applies to ${takers.join(" and ")} only`);
    }
  if (spec.target === "none" && target !== undefined) throw new UsageError(`${command} takes no argument`);
  if (spec.target === "required" && target === undefined)
    throw new UsageError(`${command} needs a family name or "all"`);
  if (
    (spec.target === "one" || (command === "publish" && v.to !== undefined)) &&
    (!target || target === "all")
  )
    throw new UsageError(`${command}${v.to !== undefined ? " --to" : ""} needs one family name`);
  if (command === "export" && v.into === undefined) throw new UsageError("export needs --into DIR");
  return { ...fromValues(v, target), command };
}

const parseWith = (argv: readonly string[]) =>
  strictParseArgs(
    { args: [...argv], options: OPTIONS, allowPositionals: true, strict: true },
    (m) => new UsageError(m),
  );

function fromValues(v: ReturnType<typeof parseWith>["values"], target: string | undefined) {
  return {
    target,
    mirror: v.mirror,
    noMirror: v["no-mirror"] === true,
    out: v.out,
    missingOnly: v["missing-only"] === true,
    keep: v.keep,
    force: v.force === true,
    json: v.json === true,
    to: v.to,
    once: v.once === true,
    record: v.record === true,
    into: v.into,
    catalogs: v.catalogs,
    upstream: v.upstream,
  };
}
