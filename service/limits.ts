// Limits shared by many routes (the spec's Limits table).
import type { RouteLimit } from "./route-types.ts";

export const BODY_BYTES = 1_048_576;

export const BODY_BYTES_LIMIT: RouteLimit = {
  name: "bodyBytes",
  max: BODY_BYTES,
  unit: "bytes",
  detail: "request body size, checked on Content-Length and again on the body",
};
