// A one-node OpenStack Swift with its S3 API for tests (deploy/local/swift-up.sh, Debian
// packages): whether it can run here, and start/stop with the environment that points geo402 at it.
import { execFileSync } from "node:child_process";
import path from "node:path";

const SCRIPTS = path.resolve(import.meta.dirname, "../../deploy/local");

/** Why Swift cannot run on this machine, or undefined when it can. */
export function swiftMissing(): string | undefined {
  try {
    execFileSync("sh", ["-c", "command -v swift-proxy-server && command -v memcached"], { stdio: "ignore" });
    return undefined;
  } catch {
    return "OpenStack Swift is not installed (apt-get install swift swift-proxy swift-account swift-container swift-object python3-swift memcached)";
  }
}

export interface LocalSwift {
  /** GEO402_S3_* and AWS_* variables for storeFromEnv, with GEO402_S3_BUCKET = the bucket asked for. */
  env: NodeJS.ProcessEnv;
  stop(): void;
}

/** Starts Swift with its state under `state` on loopback ports `port`…`port + 4`. */
export function startSwift(state: string, port: number, bucket: string): LocalSwift {
  const swiftEnv = { ...process.env, GEO402_SWIFT_STATE: state, GEO402_SWIFT_PORT: String(port) };
  const exports = execFileSync(path.join(SCRIPTS, "swift-up.sh"), { env: swiftEnv, encoding: "utf8" });
  const env: NodeJS.ProcessEnv = { GEO402_S3_BUCKET: bucket };
  for (const m of exports.matchAll(/^export (\w+)=(.*)$/gm))
    if (m[1] !== "GEO402_S3_BUCKET") env[m[1] as string] = m[2] as string;
  return { env, stop: () => execFileSync(path.join(SCRIPTS, "swift-down.sh"), { env: swiftEnv }) };
}
