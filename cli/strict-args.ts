// node:util parseArgs in strict mode, for both command lines (geo402 and geo402-ingest): its own
// errors (unknown option, missing or ambiguous value) come back as the caller's usage error.
import { type ParseArgsConfig, parseArgs } from "node:util";

export function strictParseArgs<T extends ParseArgsConfig & { strict: true }>(
  config: T,
  usageError: (message: string) => Error,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code?.startsWith("ERR_PARSE_ARGS"))
      throw usageError((err as Error).message);
    throw err;
  }
}
