// The unit tier's set-up file (vitest.config.ts): a unit test starts no process and opens no
// server. Every way Node has to start one (child_process, and any server's listen) throws here, so a
// test that needs one fails at once with where it belongs instead of slowing the tier.
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

const refuse = (what: string) => (): never => {
  throw new Error(
    `the unit tier starts no process and opens no server (${what}): name this test *.e2e.test.ts or move it to test/e2e`,
  );
};

const starters = ["spawn", "spawnSync", "exec", "execSync", "execFile", "execFileSync", "fork"] as const;
for (const name of starters) Object.assign(childProcess, { [name]: refuse(`child_process.${name}`) });
net.Server.prototype.listen = refuse("listen");
// Named imports of node:child_process (import { spawn } from …) see the replaced functions too.
syncBuiltinESMExports();
