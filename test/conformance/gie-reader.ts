// Reader for PROJ's "gie" test files (test/gie/*.gie, test/gigs/*.gie): the operation under test,
// then tolerance / direction / accept / expect / roundtrip commands. Only what the conformance tests
// need: comments, continuation lines, `<gie>`/`<gie-strict>` blocks, `expect failure`.
import fs from "node:fs";

export interface GieCase {
  file: string;
  /** 1-based line of the `accept` command. */
  line: number;
  operation: string;
  direction: "forward" | "inverse";
  /** Tolerance in metres (linear output) — gie compares angular outputs as a distance in metres. */
  toleranceMeters: number;
  accept: number[];
  /** Expected output, or "failure" when the operation must refuse the input. */
  expect: number[] | "failure";
  roundtrip?: { count: number; toleranceMeters: number };
}

const UNIT_METERS: Record<string, number> = {
  km: 1e3,
  m: 1,
  dm: 0.1,
  cm: 1e-2,
  mm: 1e-3,
  um: 1e-6,
  nm: 1e-9,
};

function toleranceOf(text: string): number {
  const m = /^\s*([0-9.eE+-]+)\s*([a-z]*)/.exec(text);
  if (!m) throw new Error(`bad tolerance "${text}"`);
  const unit = m[2] || "mm";
  const f = UNIT_METERS[unit];
  if (f === undefined) throw new Error(`unknown tolerance unit "${unit}"`);
  return Number(m[1]) * f;
}

const COMMANDS = new Set([
  "operation",
  "tolerance",
  "direction",
  "accept",
  "expect",
  "roundtrip",
  "ignore",
  "require_grid",
  "echo",
  "skip",
  "use_proj4_init_rules",
  "crs_src",
  "crs_dst",
  "builtins",
]);

/** Lines of the gie blocks, with comments stripped and continuation lines joined to their command. */
function commandsOf(text: string): { name: string; args: string; line: number }[] {
  const out: { name: string; args: string; line: number }[] = [];
  let inside = false;
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    let raw = lines[i] ?? "";
    if (/<gie(-strict)?>/.test(raw)) {
      inside = true;
      continue;
    }
    if (/<\/gie(-strict)?>/.test(raw)) {
      inside = false;
      continue;
    }
    if (!inside) continue;
    const hash = raw.indexOf("#");
    if (hash >= 0) raw = raw.slice(0, hash);
    raw = raw.replace(/\\\s*$/, " ");
    if (/^\s*[-=]{3,}/.test(raw) || raw.trim() === "") continue;
    const m = /^\s*([a-z_0-9]+)\b(.*)$/.exec(raw);
    const last = out[out.length - 1];
    if (m?.[1] && COMMANDS.has(m[1]) && /^[a-z]/.test(raw)) {
      out.push({ name: m[1], args: (m[2] ?? "").trim(), line: i + 1 });
    } else if (last) {
      last.args = `${last.args} ${raw.trim()}`;
    }
  }
  return out;
}

/** Every accept/expect pair of one gie file, with the state (operation, tolerance, direction) in force. */
export function readGie(file: string): GieCase[] {
  const cases: GieCase[] = [];
  let operation = "";
  let direction: GieCase["direction"] = "forward";
  let tolerance = 0.5e-3;
  let pending: { accept: number[]; line: number } | undefined;
  for (const cmd of commandsOf(fs.readFileSync(file, "utf8"))) {
    switch (cmd.name) {
      case "operation":
        operation = cmd.args.replace(/\s+/g, " ").trim();
        direction = "forward";
        tolerance = 0.5e-3;
        break;
      case "tolerance":
        tolerance = toleranceOf(cmd.args);
        break;
      case "direction":
        direction = cmd.args.startsWith("inv") ? "inverse" : "forward";
        break;
      case "accept":
        pending = { accept: cmd.args.split(/\s+/).map(Number), line: cmd.line };
        break;
      case "expect": {
        if (!pending) break;
        const expect = cmd.args.startsWith("failure") ? "failure" : cmd.args.split(/\s+/).map(Number);
        cases.push({
          file,
          line: pending.line,
          operation,
          direction,
          toleranceMeters: tolerance,
          accept: pending.accept,
          expect,
        });
        break;
      }
      case "roundtrip": {
        const [n, ...rest] = cmd.args.split(/\s+/);
        const last = cases[cases.length - 1];
        if (last && pending && last.line === pending.line) {
          last.roundtrip = {
            count: Number(n),
            toleranceMeters: rest.length > 0 ? toleranceOf(rest.join(" ")) : tolerance,
          };
        }
        break;
      }
      default:
        break;
    }
  }
  return cases;
}
