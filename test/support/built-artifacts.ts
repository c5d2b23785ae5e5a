// Where tests find the artifacts `make artifacts` built (never built inside a test).
import path from "node:path";
import { resolveCurrent } from "../../artifacts/format/current-pointer.ts";

export const ARTIFACTS_DIR =
  process.env.GEO402_ARTIFACTS ?? path.resolve(import.meta.dirname, "../../artifacts");

/** The current version of a family, or an error that says how to build it. */
export async function builtFamily(family: string): Promise<{ version: string; dir: string }> {
  try {
    return await resolveCurrent(ARTIFACTS_DIR, family);
  } catch (err) {
    throw new Error(
      `${family} artifacts are not built in ${ARTIFACTS_DIR} (${(err as Error).message}); run \`make artifacts\``,
    );
  }
}
