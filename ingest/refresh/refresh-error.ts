// The reasons a refresh refuses a new upstream version, as stable codes for logs and tests.

export type RefreshErrorCode =
  /** The upstream answered an error status or could not be reached. */
  | "upstream_unavailable"
  /** Fewer bytes arrived than the upstream announced (Content-Length), or the transfer broke off. */
  | "download_incomplete"
  /** The bytes do not match the checksum the upstream publishes (Repr-Digest, checksum list). */
  | "checksum_mismatch"
  /** The family's sanity checks refused the new input (unparseable, counts out of range, …). */
  | "sanity_failed";

export class RefreshError extends Error {
  readonly code: RefreshErrorCode;
  constructor(code: RefreshErrorCode, message: string) {
    super(message);
    this.name = "RefreshError";
    this.code = code;
  }
}
