// A throwaway nginx for tests, started like redis.ts starts Redis: Debian's /usr/sbin/nginx on a
// free loopback port, in the foreground (`daemon off;`), its prefix, config, pid, logs and temp
// folders in a temp dir, stopped with the test. The config is stock apart from paths: `proxy_pass`
// only, so the proxy buffers are nginx's defaults (`proxy_buffer_size`: one memory page).
// Absent binary → a reason, and the caller skips.
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { chmod, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "../../service/devnet/anvil.ts";

export const NGINX = "/usr/sbin/nginx";

export interface TestNginx {
  url: string;
  /** nginx's error log so far (a refused upstream header is logged there). */
  errorLog(): Promise<string>;
  stop(): Promise<void>;
}

export function nginxMissing(): string | null {
  return existsSync(NGINX) ? null : `${NGINX} is not installed (apt-get install -y nginx)`;
}

/**
 * nginx on 127.0.0.1:`port` (a free one by default; given, the upstream can name it as its public
 * URL before nginx starts), `location <path> { proxy_pass <upstream>; }` for each entry.
 */
export async function startNginx(locations: Record<string, string>, port?: number): Promise<TestNginx> {
  port ??= await freePort();
  const dir = await mkdtemp(path.join(tmpdir(), "geo402-nginx-"));
  // Started as root, nginx's workers run as nobody: they must reach the temp folders in here.
  await chmod(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  const at = (name: string) => path.join(dir, name);
  await writeFile(
    conf,
    [
      "worker_processes 1;",
      `pid ${at("nginx.pid")};`,
      `error_log ${at("error.log")} warn;`,
      "events { worker_connections 256; }",
      "http {",
      "  access_log off;",
      ...["client_body", "proxy", "fastcgi", "uwsgi", "scgi"].map((t) => `  ${t}_temp_path ${at(t)};`),
      "  server {",
      `    listen 127.0.0.1:${port};`,
      ...Object.entries(locations).map(
        ([loc, upstream]) => `    location ${loc} { proxy_pass ${upstream}; }`,
      ),
      "  }",
      "}",
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-g", "daemon off;"], {
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (d: Buffer) => {
    stderr += d.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<never>((_, reject) =>
    child.once("exit", (code) => reject(new Error(`nginx exited with ${code}: ${stderr}`))),
  );
  exited.catch(() => undefined);
  // Listening once a connection is accepted (any answer, even a 404, will do).
  const listening = (async () => {
    for (;;) {
      try {
        await fetch(`${url}/nginx-started`, { method: "HEAD" });
        return;
      } catch {
        await new Promise((r) => setTimeout(r, 50));
      }
    }
  })();
  await Promise.race([listening, exited]);
  return {
    url,
    errorLog: () => readFile(at("error.log"), "utf8").catch(() => ""),
    async stop() {
      if (child.exitCode === null) {
        const done = new Promise((r) => child.once("exit", r));
        child.kill("SIGQUIT");
        await done;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
