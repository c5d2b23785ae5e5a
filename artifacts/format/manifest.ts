// manifest.json of a built artifact version: its shape (schemas/artifact-manifest.json),
// reading with validation, and the output-hash check every reader runs before trusting files.
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { Ajv, type ValidateFunction } from "ajv";
import addFormatsModule from "ajv-formats";
import { ArtifactError } from "./artifact-error.ts";
import { hashFile } from "./file-hash.ts";

export const MANIFEST_FILE = "manifest.json";

export interface ManifestInput {
  id: string;
  url: string;
  vintage: string;
  /** Date (YYYY-MM-DD) the input bytes were fetched: the mirror's pinned date or the download day. */
  retrievedAt: string;
  sha256: string;
  bytes: number;
  license: string;
  attribution: string;
  origin: "mirror" | "download";
}

export interface ManifestOutput {
  /** Path relative to the version folder, `/`-separated. */
  path: string;
  sha256: string;
  bytes: number;
}

export interface ArtifactManifest {
  manifestVersion: 1;
  family: string;
  version: string;
  formatVersion: string;
  builtAt: string;
  builder: { gitSha: string | null; node: string; command: string };
  inputs: ManifestInput[];
  outputs: ManifestOutput[];
  parameters: Record<string, unknown>;
  /** What the build serves of the spec's coverage (ingest/sources.lock.json); absent without a lock entry. */
  coverage?: ManifestCoverage;
}

export interface ManifestCoverage {
  lockSha256: string;
  rule: string;
  /** How many files the spec's coverage has (the lock names them all unless `unnamed` > 0). */
  specified: number;
  /** Files of the spec's coverage the lock cannot name: the publisher's catalog was not read. */
  unnamed: number;
  /** Locked files this build read (names as the lock gives them). */
  served: string[];
  /** Locked files missing from this build's inputs. */
  missing: string[];
  /** Ids of inputs the lock does not name. */
  otherInputs: string[];
}

const addFormats = addFormatsModule as unknown as (ajv: Ajv) => Ajv;
let validator: ValidateFunction<ArtifactManifest> | undefined;
/** Compiled on first use: loading this module (the service's start) compiles no schema. */
const validateManifest = (): ValidateFunction<ArtifactManifest> =>
  (validator ??= addFormats(new Ajv({ allErrors: true, strict: true })).compile<ArtifactManifest>(
    JSON.parse(readFileSync(new URL("../../schemas/artifact-manifest.json", import.meta.url), "utf8")),
  ));

/** Throws ArtifactError listing every schema violation. */
export function assertManifest(value: unknown): asserts value is ArtifactManifest {
  const validate = validateManifest();
  if (!validate(value)) {
    const problems = (validate.errors ?? []).map((e) => `${e.instancePath || "/"} ${e.message ?? "invalid"}`);
    throw new ArtifactError(
      "manifest_invalid",
      `manifest does not match schemas/artifact-manifest.json: ${problems.join("; ")}`,
    );
  }
}

/** Reads and validates `<versionDir>/manifest.json`. */
export async function readManifest(versionDir: string): Promise<ArtifactManifest> {
  const file = path.join(versionDir, MANIFEST_FILE);
  let text: string;
  try {
    text = await readFile(file, "utf8");
  } catch (err) {
    throw new ArtifactError("manifest_missing", `cannot read ${file}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ArtifactError("manifest_invalid", `${file} is not JSON`);
  }
  assertManifest(value);
  return value;
}

/** Re-hashes every output listed in the manifest; throws ArtifactError on the first mismatch. */
export async function verifyOutputs(versionDir: string, manifest: ArtifactManifest): Promise<void> {
  for (const out of manifest.outputs) {
    const file = path.join(versionDir, ...out.path.split("/"));
    let digest: { sha256: string; bytes: number };
    try {
      digest = await hashFile(file);
    } catch (err) {
      throw new ArtifactError("output_missing", `${out.path}: ${(err as Error).message}`);
    }
    if (digest.bytes !== out.bytes || digest.sha256 !== out.sha256) {
      throw new ArtifactError(
        "output_corrupt",
        `${out.path}: expected ${out.bytes} bytes sha256 ${out.sha256}, found ${digest.bytes} bytes sha256 ${digest.sha256}`,
      );
    }
  }
}

/** The major number of a "major.minor" format version. */
export function formatMajor(formatVersion: string): number {
  return Number(formatVersion.split(".")[0]);
}

/** Path of an output inside a version folder, refusing names the manifest does not list. */
export function outputPath(versionDir: string, manifest: ArtifactManifest, name: string): string {
  if (!manifest.outputs.some((o) => o.path === name)) {
    throw new ArtifactError(
      "output_missing",
      `${manifest.family} ${manifest.version} lists no output ${name}`,
    );
  }
  return path.join(versionDir, ...name.split("/"));
}
