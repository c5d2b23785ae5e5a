// The service started with exactly the environment the Containerfile and the Deployment give it
// (read from those files: test/support/deploy-env.ts) binds its API and its admin port to all
// interfaces, as `ss -ltn` would show them (the process's own /proc/<pid>/net/tcp, the table ss
// reads). The one value changed is PAY_TO, the placeholder the operator must set (the shipped
// zero address stops start-up: test/deploy-image.test.ts). It runs in a network namespace of its
// own (`unshare --net`, only a loopback that is down): all interfaces there reach nothing, the
// image's fixed ports 4020/4021 collide with nothing, and the placeholder facilitator and RPC URLs
// (example.com) cannot be reached, so nothing leaves the machine.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { containerfileEnv, deploymentEnv } from "../support/deploy-env.ts";
import { REPO_ROOT } from "../support/service.ts";

const unshare = spawnSync("unshare", ["--net", "true"]);
const why = unshare.error
  ? "unshare is not installed"
  : unshare.status !== 0
    ? `unshare --net fails: ${unshare.stderr}`
    : "";
if (why) console.warn(`image-env: skipped, ${why}`);

/** Listening TCP sockets of a process's network namespace: [local address hex, port]. */
function listening(pid: number): { address: string; port: number }[] {
  return ["tcp", "tcp6"].flatMap((table) =>
    readFileSync(`/proc/${pid}/net/${table}`, "utf8")
      .split("\n")
      .slice(1)
      .map((line) => line.trim().split(/\s+/))
      .filter((cols) => cols[3] === "0A")
      .map((cols) => {
        const [address = "", port = "0"] = (cols[1] ?? "").split(":");
        return { address, port: Number.parseInt(port, 16) };
      }),
  );
}

describe.skipIf(why !== "")("the service in its container's environment", () => {
  let proc: ChildProcess | undefined;
  afterAll(() => {
    proc?.kill("SIGTERM");
  });

  it("binds the API and the admin port to all interfaces", async () => {
    const env = {
      PATH: process.env.PATH ?? "",
      ...containerfileEnv(),
      ...deploymentEnv(),
      PAY_TO: `0x${"42".repeat(20)}`,
      GEO402_HOME: mkdtempSync(path.join(tmpdir(), "geo402-image-env-")),
    };
    proc = spawn(
      "unshare",
      ["--net", "--", process.execPath, "--import", "tsx", path.join(REPO_ROOT, "service/server.ts")],
      {
        cwd: REPO_ROOT,
        env,
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    const running = proc;
    // server.ts logs "geo402 listening" once the API and the admin port listen.
    await new Promise<void>((resolve, reject) => {
      let out = "";
      running.stdout?.on("data", (d: Buffer) => {
        out += d.toString();
        if (out.includes("geo402 listening")) resolve();
      });
      running.once("exit", (code) => reject(new Error(`the service exited with ${code}`)));
    });
    const sockets = listening(running.pid as number);
    const api = sockets.find((s) => s.port === 4020);
    const admin = sockets.find((s) => s.port === 4021);
    // 0.0.0.0 in /proc/net/tcp's hex: all IPv4 interfaces (loopback would be 0100007F).
    expect(api?.address).toBe("00000000");
    expect(admin?.address).toBe("00000000");
  });
});
