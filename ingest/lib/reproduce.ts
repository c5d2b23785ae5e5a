// Reproducibility check: build a family again into a scratch folder and compare every output
// hash with the current build of the same version (or with a second scratch build).
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { readCurrent } from "../../artifacts/format/current-pointer.ts";
import { type ManifestOutput, readManifest } from "../../artifacts/format/manifest.ts";
import { buildFamily, plannedBuild } from "./build.ts";
import type { PipelineOptions } from "./build-options.ts";
import type { FamilyBuilder } from "./family.ts";
import { diffOutputs } from "./outputs.ts";

export interface ReproduceResult {
  family: string;
  version: string;
  /** What the scratch build was compared with. */
  against: "current" | "second build";
  files: number;
  /** The scratch build's outputs. */
  outputs: ManifestOutput[];
  /** Output paths whose bytes differ (empty when the build is reproducible). */
  differences: string[];
}

export async function reproduce(builder: FamilyBuilder, opts: PipelineOptions): Promise<ReproduceResult> {
  const { version } = await plannedBuild(builder, opts);
  const currentDir = path.join(opts.outRoot, builder.family);
  const current =
    (await readCurrent(currentDir).catch(() => undefined)) === version
      ? await readManifest(path.join(currentDir, version)).catch(() => undefined)
      : undefined;
  const scratch = await mkdtemp(path.join(tmpdir(), `geo402-repro-${builder.family}-`));
  const cacheDir = opts.cacheDir ?? path.join(opts.outRoot, ".cache", "sources");
  try {
    const first = await buildFamily(builder, { ...opts, outRoot: path.join(scratch, "a"), cacheDir });
    const reference = current
      ? current.outputs
      : (await buildFamily(builder, { ...opts, outRoot: path.join(scratch, "b"), cacheDir })).outputs;
    return {
      family: builder.family,
      version,
      against: current ? "current" : "second build",
      files: first.outputs.length,
      outputs: first.outputs,
      differences: diffOutputs(first.outputs, reference),
    };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}
