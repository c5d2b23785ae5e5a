// The artifact families the service has opened, by name. Routes ask for a family and get it,
// or a 503 data_unavailable refusal when it is missing or failed its checks.
import { ApiError } from "../errors.ts";

export interface FamilyStatus {
  family: string;
  state: "ready" | "unavailable";
  version?: string;
  reason?: string;
}

export class DataRegistry {
  readonly #families = new Map<string, { value: unknown; version: string }>();
  readonly #failures = new Map<string, string>();

  /** Records an opened family (replacing an earlier version of it). */
  set(family: string, version: string, value: unknown): void {
    this.#families.set(family, { value, version });
    this.#failures.delete(family);
  }

  /** Records that a family could not be opened, with a reason for logs and status. */
  fail(family: string, reason: string): void {
    this.#families.delete(family);
    this.#failures.set(family, reason);
  }

  has(family: string): boolean {
    return this.#families.has(family);
  }

  /** The opened family, or throws ApiError("data_unavailable"). */
  require<T>(family: string): { value: T; version: string } {
    const f = this.#families.get(family);
    if (!f) throw new ApiError("data_unavailable", { family });
    return f as { value: T; version: string };
  }

  status(): FamilyStatus[] {
    const out: FamilyStatus[] = [];
    for (const [family, f] of this.#families) out.push({ family, state: "ready", version: f.version });
    for (const [family, reason] of this.#failures) out.push({ family, state: "unavailable", reason });
    return out.sort((a, b) => a.family.localeCompare(b.family));
  }
}
