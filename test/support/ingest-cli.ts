// `geo402-ingest` run in process with its output captured, for tests that drive the pipeline.
import { runCli } from "../../ingest/cli-commands.ts";

export async function ingestCli(
  env: NodeJS.ProcessEnv,
  ...argv: string[]
): Promise<{ code: number; out: string; err: string }> {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    env,
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
  });
  return { code, out, err };
}
