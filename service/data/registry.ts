// The artifact families the service has opened, by name. Routes ask for a family and get it,
// or a 503 data_unavailable refusal when it is missing, failed its checks, or is still being
// checked (the service listens before its families are verified: runtime.ts).
//
// A family can be replaced while requests run (a refreshed or rolled-back version): each request
// reads through its own view, which takes a family the first time the request asks for it and
// keeps that same version until the request ends. A replaced version is closed once no view
// holds it any more, so in-flight requests finish on the version they started with.
import { ApiError } from "../errors.ts";
import type { FamilyValues } from "./families.ts";

export interface FamilyStatus {
  family: string;
  /**
   * "verifying": being checked against its manifest at start, not served yet (503 until ready).
   * "damaged": open, but a read of this version failed after start (its integrity check, or the
   * read itself); its routes answer 503 where they meet the damage, until another version is set.
   */
  state: "ready" | "verifying" | "unavailable" | "damaged";
  version?: string;
  reason?: string;
}

/** The name of a family of the value map M (the service's families unless a test brings its own). */
export type FamilyKey<M> = keyof M & string;

/**
 * What route handlers read families through (a request's view, or the registry itself); the
 * value's type comes from the family's name (FamilyValues), checked where the openers are listed.
 */
export interface DataReader<M extends object = FamilyValues> {
  has(family: FamilyKey<M>): boolean;
  /** The opened family, or throws ApiError("data_unavailable"). */
  require<N extends FamilyKey<M>>(family: N): { value: M[N]; version: string };
}

/** A request's view: the families it took, released when the request is done. */
export interface RequestData<M extends object = FamilyValues> extends DataReader<M> {
  /** The families (and versions) this request read, in the order it first asked for them. */
  used(): { family: string; version: string }[];
  release(): void;
}

interface Slot {
  value: unknown;
  version: string;
  /** Views holding this version. */
  refs: number;
  retired: boolean;
  close?: () => unknown;
  /** Why a read of this version failed after it was opened (readFailed), if one did. */
  damage?: string;
}

/**
 * Stores what openers returned; `set` takes any family name (openers and tests pass their own),
 * `require` hands the value back typed by M: the one place the opener's type is trusted.
 */
export class DataRegistry<M extends object = FamilyValues> implements DataReader<M> {
  readonly #families = new Map<string, Slot>();
  readonly #failures = new Map<string, string>();
  readonly #verifying = new Set<string>();
  readonly #onCloseError: (family: string, version: string, err: unknown) => void;

  constructor(opts: { onCloseError?: (family: string, version: string, err: unknown) => void } = {}) {
    this.#onCloseError = opts.onCloseError ?? (() => {});
  }

  /** Records an opened family; an earlier version is closed (`close`) once no request holds it. */
  set(family: string, version: string, value: unknown, close?: () => unknown): void {
    const old = this.#families.get(family);
    this.#families.set(family, { value, version, refs: 0, retired: false, ...(close ? { close } : {}) });
    this.#failures.delete(family);
    this.#verifying.delete(family);
    if (old) this.#retire(family, old);
  }

  /** Records that a family not open yet is being checked; `set` or `fail` ends that. */
  verifying(family: string): void {
    if (!this.#families.has(family) && !this.#failures.has(family)) this.#verifying.add(family);
  }

  /** Records that a family could not be opened, with a reason for logs and status. */
  fail(family: string, reason: string): void {
    const old = this.#families.get(family);
    this.#families.delete(family);
    this.#failures.set(family, reason);
    this.#verifying.delete(family);
    if (old) this.#retire(family, old);
  }

  /**
   * Records that a read of `version` of `family` failed after it was opened: readiness names the
   * family until a version other than this one is set. A version no longer current is ignored.
   */
  readFailed(family: string, version: string, reason: string): void {
    const slot = this.#families.get(family);
    if (slot?.version === version) slot.damage ??= reason;
  }

  has(family: FamilyKey<M>): boolean {
    return this.#families.has(family);
  }

  /** The version now current for new requests, if the family is open. */
  version(family: string): string | undefined {
    return this.#families.get(family)?.version;
  }

  require<N extends FamilyKey<M>>(family: N): { value: M[N]; version: string } {
    const f = this.#families.get(family);
    if (!f) throw new ApiError("data_unavailable", { family });
    return { value: f.value as M[N], version: f.version };
  }

  /** The version of every open family (what the compute workers open when they start). */
  openVersions(): Record<string, string> {
    return Object.fromEntries([...this.#families].map(([family, slot]) => [family, slot.version]));
  }

  /** A view for one request (see the header comment). */
  view(): RequestData<M> {
    const taken = new Map<string, Slot>();
    const families = this.#families;
    return {
      has: (family) => taken.has(family) || families.has(family),
      require<N extends FamilyKey<M>>(family: N) {
        let slot = taken.get(family);
        if (!slot) {
          slot = families.get(family);
          if (!slot) throw new ApiError("data_unavailable", { family });
          slot.refs++;
          taken.set(family, slot);
        }
        return { value: slot.value as M[N], version: slot.version };
      },
      used: () => [...taken].map(([family, s]) => ({ family, version: s.version })),
      release: () => {
        for (const [family, slot] of taken) {
          slot.refs--;
          if (slot.retired && slot.refs === 0) this.#close(family, slot);
        }
        taken.clear();
      },
    };
  }

  /** Closes every open family (service shutdown); views still holding one close it on release. */
  closeAll(): void {
    for (const [family, slot] of this.#families) this.#retire(family, slot);
    this.#families.clear();
  }

  status(): FamilyStatus[] {
    const out: FamilyStatus[] = [];
    for (const [family, f] of this.#families)
      out.push(
        f.damage === undefined
          ? { family, state: "ready", version: f.version }
          : { family, state: "damaged", version: f.version, reason: f.damage },
      );
    for (const [family, reason] of this.#failures) out.push({ family, state: "unavailable", reason });
    for (const family of this.#verifying) out.push({ family, state: "verifying" });
    return out.sort((a, b) => a.family.localeCompare(b.family));
  }

  #retire(family: string, slot: Slot): void {
    slot.retired = true;
    if (slot.refs === 0) this.#close(family, slot);
  }

  #close(family: string, slot: Slot): void {
    const close = slot.close;
    if (!close) return;
    delete slot.close;
    try {
      Promise.resolve(close()).catch((err: unknown) => this.#onCloseError(family, slot.version, err));
    } catch (err) {
      this.#onCloseError(family, slot.version, err);
    }
  }
}
