// package.json's `engines.node` is truthful: no installed dependency declares a higher minimum.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PROJECT_ROOT as repoRoot } from "../service/project-root.ts";

type Version = [number, number, number];

// The lowest Node version a range admits: the smallest lower bound over its `||` alternatives.
function minimumOf(range: string): Version | null {
  const lows = range.split("||").map((alternative) => {
    const m = alternative.trim().match(/^(?:>=|\^|~|=)?\s*v?(\d+)(?:\.(\d+))?(?:\.(\d+))?/);
    return m ? ([Number(m[1]), Number(m[2] ?? 0), Number(m[3] ?? 0)] as Version) : null;
  });
  if (lows.some((low) => low === null)) return null;
  return (lows as Version[]).reduce((a, b) => (compare(a, b) <= 0 ? a : b));
}

function compare(a: Version, b: Version): number {
  return a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
}

function* installedPackages(dir: string): Generator<{ name: string; engines?: { node?: string } }> {
  for (const name of readdirSync(dir)) {
    if (name.startsWith(".")) continue;
    const path = join(dir, name);
    if (name.startsWith("@")) {
      yield* installedPackages(path);
      continue;
    }
    const manifest = join(path, "package.json");
    if (existsSync(manifest)) yield JSON.parse(readFileSync(manifest, "utf8"));
    if (existsSync(join(path, "node_modules"))) yield* installedPackages(join(path, "node_modules"));
  }
}

describe("engines", () => {
  it("declares a Node minimum at least as high as every installed dependency's", () => {
    const declared = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8")).engines.node;
    const ours = minimumOf(declared);
    expect(ours).not.toBeNull();
    const higher: string[] = [];
    let checked = 0;
    for (const pkg of installedPackages(join(repoRoot, "node_modules"))) {
      const range = pkg.engines?.node;
      const min = typeof range === "string" ? minimumOf(range) : null;
      if (!min) continue;
      checked++;
      if (compare(min, ours as Version) > 0) higher.push(`${pkg.name} needs ${range}`);
    }
    expect(checked).toBeGreaterThan(100);
    expect(higher).toEqual([]);
  });
});
