// What a kernel throws when it cannot answer the input it was given: a code of the error table
// (service/errors.ts) and the details that locate the fault (field, path, limit…). Kernels know
// no HTTP: the route layer (service/refusals.ts) turns a Refusal into the Refusal a caller sees.

/** The error-table codes a kernel may refuse with (service/refusals.ts checks they are in the table). */
export type RefusalCode =
  | "missing_field"
  | "invalid_field"
  | "unexpected_field"
  | "conflicting_fields"
  | "coordinate_out_of_range"
  | "limit_exceeded"
  | "invalid_geometry"
  | "unsupported_geometry"
  | "clipping_failed"
  | "unsupported_crs"
  | "outside_projection_domain"
  | "outside_datum_grid"
  | "data_unavailable";

/** A limit crossed: `{name, max, min?, unit, actual}` as in the route's published limits. */
export interface LimitDetail {
  name: string;
  max: number;
  /** Lower bound, for limits that are ranges (buffer distance and steps, simplify tolerances). */
  min?: number;
  unit: string;
  actual?: number;
}

export interface RefusalDetails {
  /** The request member or query parameter at fault. */
  field?: string;
  /** JSONPath-like location inside the document, e.g. `$.geojson.features[3].geometry.coordinates[0][5]`. */
  path?: string;
  limit?: LimitDetail;
  /** Position index (transform, profile samples). */
  index?: number;
  /** Anything else worth a caller's eyes, always JSON-serialisable. */
  [key: string]: unknown;
}

/** Where in the request a fault sits: the member and the JSONPath inside it. */
export interface Where {
  field: string;
  path: string;
}

export class Refusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly details: RefusalDetails = {},
  ) {
    super(code);
    this.name = "Refusal";
  }
}
