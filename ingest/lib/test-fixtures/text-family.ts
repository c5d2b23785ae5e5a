// A tiny real family for pipeline tests: it reads one text source and writes its lines
// upper-cased into `data/upper.txt`, with optional hooks to fail or stall mid-build.
import { createHash } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import type { SourceEntry } from "../../sources.ts";
import type { FamilyBuilder } from "../family.ts";

export const TEXT = "alpha\nbeta\ngamma\n";

export function textSource(mirrorPath = "text/greek.txt", text = TEXT): SourceEntry {
  return {
    id: "test-greek",
    url: "http://127.0.0.1:9/greek.txt",
    sha256: createHash("sha256").update(text).digest("hex"),
    bytes: Buffer.byteLength(text),
    vintage: "test",
    license: "CC0-1.0",
    attribution: "test fixture",
    mirrorPath,
    mirroredAt: "2026-01-02",
  };
}

export interface TextFamilyHooks {
  /** Called after the first output is written (e.g. to stall or throw). */
  midway?: () => Promise<void>;
  /** When true, verify refuses every build. */
  failVerify?: boolean;
}

export function textFamily(hooks: TextFamilyHooks = {}): FamilyBuilder {
  return {
    family: "text",
    formatVersion: "1.0",
    sources: ["test-greek"],
    parameters: { case: "upper" },
    async build(ctx) {
      const text = await readFile(ctx.inputs["test-greek"]!, "utf8");
      await mkdir(path.join(ctx.outDir, "data"));
      await writeFile(path.join(ctx.outDir, "count.txt"), `${text.split("\n").length - 1}\n`);
      ctx.progress("lines", 1, 2);
      await hooks.midway?.();
      await writeFile(path.join(ctx.outDir, "data", "upper.txt"), text.toUpperCase());
      ctx.progress("lines", 2, 2);
    },
    async verify(dir) {
      if (hooks.failVerify) throw new Error("known answer: refused on purpose");
      const upper = await readFile(path.join(dir, "data", "upper.txt"), "utf8");
      if (!upper.startsWith("ALPHA\n"))
        throw new Error(`known answer: first line is ${upper.split("\n")[0]}`);
    },
  };
}
