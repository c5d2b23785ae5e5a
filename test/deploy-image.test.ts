// The image and the manifests as they ship (issue 28 item 3), read from the files themselves: the
// Containerfile's base runs the Node major that package.json's `engines` names, the image and the
// Deployment put the API on all interfaces (loopback stays the default outside a container:
// service/config.test.ts), and the ConfigMap's placeholder PAY_TO (the zero address) is refused
// at start-up, so a copy deployed unchanged stops (exit 2) instead of burning payments.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../service/config.ts";
import { PROJECT_ROOT } from "../service/project-root.ts";
import { containerfileArg, containerfileEnv, deploymentEnv } from "./support/deploy-env.ts";

describe("the image and the Deployment", () => {
  it("build on the Node major that engines names", () => {
    const engines = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")).engines.node;
    const major = /^>=\s*(\d+)\./.exec(engines)?.[1];
    expect(containerfileArg("BASE")).toMatch(new RegExp(`/node:${major}-`));
  });

  it("listen on all interfaces, the API and the admin port alike", () => {
    for (const env of [containerfileEnv(), { ...containerfileEnv(), ...deploymentEnv() }]) {
      expect(env.HOST).toBe("0.0.0.0");
      expect(env.GEO402_ADMIN_HOST).toBe("0.0.0.0");
    }
  });

  it("refuse the ConfigMap's placeholder PAY_TO: the one problem of the shipped configuration", () => {
    let problems: string[] = [];
    try {
      loadConfig({ ...containerfileEnv(), ...deploymentEnv() });
    } catch (e) {
      if (e instanceof ConfigError) problems = e.problems;
    }
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^PAY_TO is the zero address/);
  });
});
