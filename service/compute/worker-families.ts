// A worker's own read-only handles on the artifact families. The main thread names the exact
// version each request reads (its registry view pinned it); the worker opens that version folder
// once — the main thread already checked its hashes when it opened it — and keeps it until a
// request names a newer one, then closes the old handle. So a worker always answers from the
// family version the request was quoted with, and reports it for `x-data-version`.
import path from "node:path";
import { checkManifest, type FamilyName } from "../../artifacts/families.ts";
import { readManifest } from "../../artifacts/format/manifest.ts";
import type { FamilyOpener, FamilyValues } from "../data/families.ts";
import type { DataReader } from "../data/registry.ts";
import { ApiError } from "../errors.ts";
import type { UsedFamily } from "./task.ts";

interface Held {
  version: string;
  value: unknown;
  close?: () => unknown;
}

export class WorkerFamilies {
  readonly #held = new Map<string, Held>();
  readonly #openers: ReadonlyMap<string, FamilyOpener<unknown>>;
  readonly #artifactsDir: string;
  readonly #onOpenError: (family: string, version: string, err: unknown) => void;

  constructor(
    artifactsDir: string,
    openers: readonly FamilyOpener<unknown>[],
    onOpenError: (family: string, version: string, err: unknown) => void = () => {},
  ) {
    this.#artifactsDir = artifactsDir;
    this.#onOpenError = onOpenError;
    this.#openers = new Map(openers.map((o) => [o.family, o]));
  }

  /**
   * Opens (or keeps) exactly `versions[family]` for each family named; others stay as they are.
   * A version that cannot be opened is refused 503 data_unavailable (the reason goes to the log).
   */
  async prepare(families: readonly string[], versions: Record<string, string>): Promise<void> {
    for (const family of families) {
      const wanted = versions[family];
      const opener = this.#openers.get(family);
      if (wanted === undefined || !opener || this.#held.get(family)?.version === wanted) continue;
      const value = await this.#open(opener, wanted).catch((err: unknown) => {
        this.#onOpenError(family, wanted, err);
        throw new ApiError("data_unavailable", { family });
      });
      const old = this.#held.get(family);
      const close = opener.close?.bind(opener);
      this.#held.set(family, { version: wanted, value, ...(close ? { close: () => close(value) } : {}) });
      await old?.close?.();
    }
  }

  async #open(opener: FamilyOpener<unknown>, version: string): Promise<unknown> {
    const dir = path.join(this.#artifactsDir, opener.family, version);
    const manifest = await readManifest(dir);
    checkManifest(opener, manifest, version);
    return opener.open(dir, manifest);
  }

  /** One request's reader: only the families and versions that request pinned. */
  reader(versions: Record<string, string>): DataReader & { used(): UsedFamily[] } {
    const used = new Map<string, string>();
    const held = this.#held;
    const available = (family: string) =>
      versions[family] !== undefined && held.get(family)?.version === versions[family];
    return {
      has: available,
      require<N extends FamilyName>(family: N) {
        const h = held.get(family);
        if (!h || !available(family)) throw new ApiError("data_unavailable", { family });
        used.set(family, h.version);
        return { value: h.value as FamilyValues[N], version: h.version };
      },
      used: () => [...used].map(([family, version]) => ({ family, version })),
    };
  }

  closeAll(): void {
    for (const h of this.#held.values()) void h.close?.();
    this.#held.clear();
  }
}
