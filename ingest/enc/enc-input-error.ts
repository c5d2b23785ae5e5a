// The one error type of the ENC input readers (ISO 8211 and S-57): a malformed or unsupported cell.

export type EncInputErrorCode = "truncated" | "malformed" | "unsupported";

export class EncInputError extends Error {
  readonly code: EncInputErrorCode;
  constructor(code: EncInputErrorCode, message: string) {
    super(message);
    this.name = "EncInputError";
    this.code = code;
  }
}
