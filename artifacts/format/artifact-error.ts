// The one error type of artifact readers and the pipeline: a stable reason code plus a message.

export type ArtifactErrorCode =
  | "bad_magic"
  | "unsupported_format_version"
  | "truncated"
  | "malformed"
  | "manifest_missing"
  | "manifest_invalid"
  | "output_missing"
  | "output_corrupt"
  | "no_current_version"
  | "family_mismatch"
  | "source_mismatch"
  | "source_unavailable"
  | "verify_failed";

export class ArtifactError extends Error {
  readonly code: ArtifactErrorCode;
  constructor(code: ArtifactErrorCode, message: string) {
    super(message);
    this.name = "ArtifactError";
    this.code = code;
  }
}
