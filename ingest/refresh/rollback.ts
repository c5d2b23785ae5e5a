// `rollback <family> [version]`: point `current` back at a kept earlier version (by default the
// newest one built before the current one) after checking it, restore the pins of its inputs, and
// remember the upstream bytes being left so that refresh does not take them again by itself.
import path from "node:path";
import { readCurrent, switchCurrent } from "../../artifacts/format/current-pointer.ts";
import { formatMajor, readManifest, verifyOutputs } from "../../artifacts/format/manifest.ts";
import type { FamilyBuilder } from "../lib/family.ts";
import { keptVersions, readHistory, writeHistory } from "../lib/kept-versions.ts";
import { SOURCES, type SourceEntry, sourceById } from "../sources.ts";
import { lockFamily } from "./family-lock.ts";
import { readPins, writePins } from "./pins.ts";

export interface RollbackOptions {
  outRoot: string;
  sources?: readonly SourceEntry[];
  /** The version to go back to; default: the newest kept version built before the current one. */
  to?: string;
  log(message: string): void;
  now?: () => Date;
}

export async function rollbackFamily(
  builder: FamilyBuilder,
  opts: RollbackOptions,
): Promise<{ from: string; to: string }> {
  const familyDir = path.join(opts.outRoot, builder.family);
  const lock = await lockFamily(familyDir);
  if (!lock.held)
    throw new Error(`a refresh or rollback of ${builder.family} is running (pid ${lock.owner})`);
  try {
    const current = await readCurrent(familyDir);
    if (!current) throw new Error(`${builder.family} has no current version`);
    const kept = await keptVersions(familyDir);
    const history = await readHistory(familyDir);
    // With a history, step back through it; without one (older layout), take the newest other build.
    const earlier = history ? kept.filter((v) => history.includes(v.version)) : kept;
    const target = opts.to
      ? kept.find((v) => v.version === opts.to)
      : earlier.find((v) => v.version !== current);
    if (!target) {
      throw new Error(
        opts.to
          ? `${builder.family} keeps no version ${opts.to} (kept: ${kept.map((v) => v.version).join(", ")})`
          : `${builder.family} keeps no version that was current before ${current}`,
      );
    }
    if (target.version === current) throw new Error(`${current} is already current`);
    const manifest = await readManifest(target.dir);
    if (manifest.family !== builder.family || manifest.version !== target.version)
      throw new Error(`${target.dir}/manifest.json describes ${manifest.family} ${manifest.version}`);
    if (formatMajor(manifest.formatVersion) !== formatMajor(builder.formatVersion))
      throw new Error(
        `${target.version} has format ${manifest.formatVersion}; this code reads ${builder.formatVersion}`,
      );
    await verifyOutputs(target.dir, manifest);
    await builder.verify(target.dir);

    const left = await readManifest(path.join(familyDir, current)).catch(() => undefined);
    const pins = await readPins(opts.outRoot, builder.family);
    const at = (opts.now?.() ?? new Date()).toISOString();
    for (const id of builder.sources) {
      const base = sourceById(id, opts.sources ?? SOURCES);
      const input = manifest.inputs.find((i) => i.id === id);
      if (!input) throw new Error(`${target.version} records no input ${id}`);
      if (input.sha256 === base.sha256) delete pins.sources[id];
      else {
        pins.sources[id] = {
          url: input.url,
          sha256: input.sha256,
          bytes: input.bytes,
          vintage: input.vintage,
          retrievedAt: input.retrievedAt,
          base: base.sha256,
        };
      }
      pins.rejected = pins.rejected.filter((r) => r.id !== id || r.sha256 !== input.sha256);
      const leaving = left?.inputs.find((i) => i.id === id);
      if (
        leaving &&
        leaving.sha256 !== input.sha256 &&
        !pins.rejected.some((r) => r.id === id && r.sha256 === leaving.sha256)
      ) {
        pins.rejected.push({ id, sha256: leaving.sha256, version: current, at });
      }
    }
    // Pins first: a crash before the switch leaves pins that refresh builds back to this version.
    await writePins(opts.outRoot, pins);
    await switchCurrent(familyDir, target.version);
    const list = (history ?? [target.version]).filter((v) => v !== current && v !== target.version);
    await writeHistory(familyDir, [...list, target.version]);
    opts.log(`${builder.family}: current ${current} → ${target.version}`);
    return { from: current, to: target.version };
  } finally {
    await lock.release();
  }
}
