// The environment the service gets in its container, read from the files that set it (never
// copied by hand): the Containerfile's final stage `ENV`, and the Deployment's `geo402` container
// (its ConfigMaps through envFrom, and its own `env`). Secrets are left out: the shipped ones hold
// placeholders the operator replaces.
import { readFileSync } from "node:fs";
import path from "node:path";
import { parse, parseAllDocuments } from "yaml";
import { PROJECT_ROOT } from "../../service/project-root.ts";

const read = (file: string) => readFileSync(path.join(PROJECT_ROOT, file), "utf8");

/** The Containerfile's instructions, continuation lines joined. */
function instructions(): string[] {
  return read("Containerfile")
    .replace(/\\\n/g, " ")
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith("#"));
}

/** The default of `ARG name`. */
export function containerfileArg(name: string): string | undefined {
  for (const line of instructions()) {
    const m = new RegExp(`^ARG ${name}=(\\S+)$`).exec(line);
    if (m) return m[1];
  }
  return undefined;
}

/** `ENV KEY=VALUE …` of the final stage; values that expand other variables ($PATH) are left out. */
export function containerfileEnv(): Record<string, string> {
  const lines = instructions();
  const lastFrom = lines.map((l) => l.startsWith("FROM ")).lastIndexOf(true);
  const env: Record<string, string> = {};
  for (const line of lines.slice(lastFrom).filter((l) => l.startsWith("ENV "))) {
    for (const [, key, value] of line.slice(4).matchAll(/(\w+)=(\S+)/g))
      if (key && value && !value.includes("$")) env[key] = value;
  }
  return env;
}

interface Container {
  name: string;
  envFrom?: { configMapRef?: { name: string }; secretRef?: { name: string } }[];
  env?: { name: string; value?: string }[];
}

/** What the Deployment's `geo402` container gets from its ConfigMaps and its own `env`. */
export function deploymentEnv(): Record<string, string> {
  const deployment = parse(read("deploy/k8s/deployment.yaml")) as {
    spec: { template: { spec: { containers: Container[] } } };
  };
  const container = deployment.spec.template.spec.containers.find((c) => c.name === "geo402");
  if (!container) throw new Error("deploy/k8s/deployment.yaml has no geo402 container");
  const maps = parseAllDocuments(read("deploy/k8s/configmap.yaml")).map(
    (d) => d.toJS() as { metadata: { name: string }; data: Record<string, string> },
  );
  const env: Record<string, string> = {};
  for (const from of container.envFrom ?? []) {
    const map = maps.find((m) => m.metadata.name === from.configMapRef?.name);
    if (map) Object.assign(env, map.data);
  }
  for (const e of container.env ?? []) if (e.value !== undefined) env[e.name] = e.value;
  return env;
}
