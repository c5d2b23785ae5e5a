// What crosses the worker boundary: a task names a route and carries its input and the family
// versions the request pinned; a result is the answer or a refusal. Structured clone keeps plain
// data only, so an ApiError travels as {code, message, details} and is rebuilt on the main thread
// exactly as the handler threw it.
import { move, transferableSymbol, valueSymbol } from "piscina";
import { ApiError, type ErrorCode, type ErrorDetails } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import type { RouteInput } from "../route-types.ts";

export interface ComputeTask {
  /** `METHOD /path` of the catalog entry (routeKey). */
  route: string;
  input: RouteInput;
  baseUrl: string;
  selfUrl: string;
  /** family → version the main thread pinned for this request; the worker reads exactly these. */
  versions: Record<string, string>;
}

/** Sent once per thread at start-up: resolves when the worker has loaded and opened its families. */
export interface WarmTask {
  warm: true;
  holdMs: number;
  /** The family versions open now: the worker opens them before it answers. */
  versions: Record<string, string>;
}

export interface UsedFamily {
  family: string;
  version: string;
}

export type ComputeResult =
  /**
   * The answer serialized and UTF-8 encoded in the worker: its bytes are transferred, not copied
   * (answerResult), and the main thread sends them as they are.
   */
  | { ok: true; bytes: Uint8Array; used: UsedFamily[] }
  | { ok: false; refusal: { code: ErrorCode; message: string; details: ErrorDetails }; used: UsedFamily[] }
  | { ok: false; fault: string; used: UsedFamily[] };

/**
 * A thrown value as a result: ApiError (or a kernel's Refusal, mapped first) → refusal, anything
 * else → fault (its stack, for the log).
 */
export function resultOfError(thrown: unknown, used: UsedFamily[]): ComputeResult {
  const err = toApiError(thrown);
  if (err instanceof ApiError)
    return { ok: false, refusal: { code: err.code, message: err.message, details: err.details }, used };
  return { ok: false, fault: err instanceof Error ? (err.stack ?? err.message) : String(err), used };
}

/** A fault that happened inside a worker; the app answers it as 500 internal_error and logs the stack. */
export class WorkerFault extends Error {
  constructor(stack: string) {
    super("a compute worker threw an unexpected error");
    this.name = "WorkerFault";
    this.stack = stack;
  }
}

/**
 * A worker's answer as a Piscina movable (Piscina.move of a Transferable whose transferable is
 * the bytes' own ArrayBuffer): posted to the main thread by moving that buffer, so a 16 MB answer crosses without
 * a copy (issue 30, Build 6). TextEncoder gives the bytes an ArrayBuffer of their own (Buffer.from
 * may hand out a slice of a shared pool, which must never be moved).
 */
export function answerResult(answer: unknown, used: UsedFamily[]): object {
  const bytes = new TextEncoder().encode(JSON.stringify(answer));
  const result: ComputeResult = { ok: true, bytes, used };
  return move({ [transferableSymbol]: bytes.buffer, [valueSymbol]: result });
}

/**
 * An answer already serialized (by a compute worker): its JSON bytes, sent as they are, so a
 * large answer costs the main thread neither a JSON.stringify nor a copy (issue 30, Builds 3 and 6).
 */
export class SerializedAnswer {
  constructor(readonly bytes: Buffer) {}
}

/** The answer, or throws the refusal (ApiError) or fault (WorkerFault) the worker reported. */
export function unwrapResult(result: ComputeResult): SerializedAnswer {
  if (result.ok)
    return new SerializedAnswer(
      Buffer.from(result.bytes.buffer, result.bytes.byteOffset, result.bytes.byteLength),
    );
  if ("refusal" in result) {
    const { code, message, details } = result.refusal;
    throw new ApiError(code, details, message);
  }
  throw new WorkerFault(result.fault);
}
