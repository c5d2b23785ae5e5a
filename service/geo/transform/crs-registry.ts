// The crs family opened for requests: records by code, projections built once per code, and the
// resolution of a request's `from` / `to` against the configured revision's code set.
import type {
  CrsRecord,
  CrsRegistryData,
  GridOperation,
  HelmertOperation,
} from "../../../artifacts/format/crs-record.ts";
import type { Revision } from "../../config.ts";
import { Refusal } from "../refusal.ts";
import { createProjection, type Projection } from "./projection.ts";

export const CODE_PATTERN = /^(?:EPSG:)?([0-9]{4,6})$/;

export class CrsRegistry {
  readonly #load: () => CrsRegistryData;
  #data: { source: CrsRegistryData; byCode: Map<number, CrsRecord> } | undefined;
  readonly #projections = new Map<number, Projection>();

  /**
   * The data, or how to read it: read on first use, so a thread that never transforms (the main
   * thread: transforms run in the compute pool) never parses the registry.
   */
  constructor(data: CrsRegistryData | (() => CrsRegistryData)) {
    this.#load = typeof data === "function" ? data : () => data;
  }

  get #records() {
    if (!this.#data) {
      const source = this.#load();
      this.#data = { source, byCode: new Map(source.crs.map((r) => [r.code, r])) };
    }
    return this.#data;
  }

  get #byCode(): Map<number, CrsRecord> {
    return this.#records.byCode;
  }

  get epsgVersion(): string {
    return this.#records.source.epsgVersion;
  }

  get gridOperations(): readonly GridOperation[] {
    return this.#records.source.gridOperations;
  }

  get helmertOperations(): readonly HelmertOperation[] {
    return this.#records.source.helmertOperations;
  }

  get(code: number): CrsRecord | undefined {
    return this.#byCode.get(code);
  }

  /** Codes of a revision's set (revision B holds revision A's codes too). */
  codes(revision: Revision): number[] {
    return [...this.#byCode.values()]
      .filter((r) => revision === "B" || r.revision === "A")
      .map((r) => r.code);
  }

  /** The projection of a projected CRS, in the CRS's unit (built on first use). */
  projection(record: CrsRecord): Projection {
    let p = this.#projections.get(record.code);
    if (!p) {
      if (!record.projection) throw new Error(`EPSG:${record.code} is not projected`);
      p = createProjection(record.projection, record.unitToMeter);
      this.#projections.set(record.code, p);
    }
    return p;
  }

  /** `EPSG:n` or bare `n` → the record, or a refusal naming the field. */
  resolve(value: string, field: "from" | "to", revision: Revision): CrsRecord {
    const m = CODE_PATTERN.exec(value);
    if (!m?.[1])
      throw new Refusal("invalid_field", {
        field,
        reason: "expected EPSG:<code> or a bare code of 4 to 6 digits",
      });
    const code = Number(m[1]);
    const record = this.#byCode.get(code);
    if (!record)
      throw new Refusal("unsupported_crs", {
        field,
        crs: `EPSG:${code}`,
        reason: "not in the supported code set",
      });
    if (record.revision === "B" && revision === "A") {
      throw new Refusal("unsupported_crs", {
        field,
        crs: `EPSG:${code}`,
        reason: `${record.datum.group} codes are served in revision B only`,
      });
    }
    return record;
  }
}
