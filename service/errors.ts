// The one table of error codes: machine code → HTTP status → one-sentence message.
// The error table in docs/errors.md and the OpenAPI error schema are kept equal to this table by a test.

import type { RefusalDetails } from "./geo/refusal.ts";

export const ERROR_TABLE = {
  body_too_large: { status: 400, message: "The request body is larger than the 1048576-byte cap." },
  unsupported_media_type: { status: 400, message: "The request body must be sent as application/json." },
  unsupported_content_encoding: {
    status: 415,
    message: "The request body's Content-Encoding is not one of gzip, deflate, br or identity.",
  },
  malformed_body: {
    status: 400,
    message: "The request body does not decode with the Content-Encoding it declares.",
  },
  invalid_json: { status: 400, message: "The request body is not parseable JSON." },
  missing_field: { status: 400, message: "A required member or query parameter is missing." },
  invalid_field: { status: 400, message: "A member or query parameter has the wrong type, format or value." },
  unexpected_field: { status: 400, message: "The request carries a member this route does not accept." },
  conflicting_fields: { status: 400, message: "Exactly one of two alternative members must be sent." },
  coordinate_out_of_range: {
    status: 400,
    message: "A longitude is outside -180..180 or a latitude outside -90..90.",
  },
  limit_exceeded: { status: 400, message: "The request crosses one of the route's published limits." },
  invalid_geometry: { status: 400, message: "The GeoJSON geometry is malformed for this operation." },
  unsupported_geometry: { status: 400, message: "The geometry type is not accepted by this operation." },
  clipping_failed: {
    status: 422,
    message: "The polygon clipper could not resolve this geometry's edges at any snapping precision.",
  },
  unsupported_crs: { status: 400, message: "The EPSG code is not in this revision's supported set." },
  outside_projection_domain: {
    status: 400,
    message: "A position lies outside the target projection's valid domain.",
  },
  outside_coverage: { status: 422, message: "The position is outside the data coverage of this route." },
  no_data: { status: 422, message: "The data holds no value at this position." },
  no_depth_area: { status: 422, message: "No charted depth area contains this position." },
  outside_datum_grid: { status: 422, message: "A position lies outside the datum-shift grid coverage." },
  malformed_request: { status: 400, message: "The HTTP request itself could not be parsed." },
  request_timeout: { status: 408, message: "The request was not received completely in time." },
  not_found: { status: 404, message: "No route answers this method and path." },
  method_not_allowed: { status: 405, message: "The route does not accept this HTTP method." },
  settlement_failed: { status: 402, message: "The payment could not be settled, so the answer is withheld." },
  insufficient_funds: {
    status: 402,
    message:
      "The payer's balance does not cover this payment together with its payments still in flight; nothing was charged.",
  },
  payment_id_conflict: {
    status: 409,
    message: "The payment-identifier id was already used with a different payment.",
  },
  facilitator_unavailable: {
    status: 502,
    message: "The payment facilitator could not be reached or failed.",
  },
  data_unavailable: {
    status: 503,
    message: "The data behind this route is missing or unreadable right now.",
  },
  overloaded: {
    status: 503,
    message: "Every compute worker is busy and the queue is full; retry after the Retry-After seconds.",
  },
  compute_timeout: {
    status: 503,
    message: "The computation did not finish within the service's compute deadline and was abandoned.",
  },
  compute_out_of_memory: {
    status: 503,
    message: "The computation needed more memory than a compute worker may use and was abandoned.",
  },
  client_closed: {
    status: 499,
    message: "The client closed the connection before the answer was ready (request log only).",
  },
  internal_error: { status: 500, message: "An unexpected fault occurred; it has been logged." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_TABLE;

/** A limit crossed and the details of a refusal: the same shapes kernels refuse with. */
export type ErrorDetails = RefusalDetails;

/** An expected refusal. Handlers throw it; the app turns it into the error body. */
export class ApiError extends Error {
  readonly code: ErrorCode;
  readonly details: ErrorDetails;
  readonly status: number;

  constructor(code: ErrorCode, details: ErrorDetails = {}, message?: string) {
    super(message ?? ERROR_TABLE[code].message);
    this.name = "ApiError";
    this.code = code;
    this.details = details;
    this.status = ERROR_TABLE[code].status;
  }
}

export interface ErrorBody {
  error: { code: ErrorCode; message: string } & ErrorDetails;
}

export function errorBody(err: ApiError): ErrorBody {
  return { error: { code: err.code, message: err.message, ...err.details } };
}
