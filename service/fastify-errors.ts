// Fastify's own errors (body parsing, limits, routing) → our error table.
import type { FastifyError } from "fastify";
import { ApiError } from "./errors.ts";
import { BODY_BYTES } from "./limits.ts";

const BODY_LIMIT = { name: "bodyBytes", max: BODY_BYTES, unit: "bytes" };

/** The ApiError a Fastify framework error stands for, or null when it is not one we know. */
export function fromFastifyError(err: FastifyError): ApiError | null {
  switch (err.code) {
    case "FST_ERR_CTP_BODY_TOO_LARGE":
      return new ApiError("body_too_large", { limit: BODY_LIMIT });
    case "FST_ERR_CTP_INVALID_MEDIA_TYPE":
    case "FST_ERR_CTP_INVALID_TYPE":
      return new ApiError("unsupported_media_type", { field: "content-type" });
    // @fastify/compress's request decompression (service/http-conventions.ts).
    case "FST_CP_ERR_INVALID_CONTENT_ENCODING":
      return new ApiError("unsupported_content_encoding", { field: "content-encoding" });
    case "FST_CP_ERR_INVALID_CONTENT":
      return new ApiError("malformed_body", { field: "content-encoding" });
    case "FST_ERR_CTP_EMPTY_JSON_BODY":
    case "FST_ERR_CTP_INVALID_JSON_BODY":
      return new ApiError("invalid_json", {});
    case "FST_ERR_CTP_INVALID_CONTENT_LENGTH":
      return new ApiError("invalid_json", { reason: "the body length does not match Content-Length" });
    default:
      if (err.statusCode === 400 && err instanceof SyntaxError) return new ApiError("invalid_json", {});
      return null;
  }
}
