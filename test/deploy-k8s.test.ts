// deploy/k8s validated offline: every resource kustomize renders is checked against the
// Kubernetes JSON schemas of kubernetes-models (no cluster needed), and the shape the operations
// page promises is asserted: probes on the admin port, a preStop drain, the sync sidecar, and
// one non-overlapping refresh-and-publish CronJob per artifact family.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Deployment } from "kubernetes-models/apps/v1";
import { HorizontalPodAutoscaler } from "kubernetes-models/autoscaling/v2";
import { CronJob } from "kubernetes-models/batch/v1";
import { PodDisruptionBudget } from "kubernetes-models/policy/v1";
import { ConfigMap, Secret, Service } from "kubernetes-models/v1";
import { describe, expect, it } from "vitest";
import { parse, parseAllDocuments } from "yaml";
import { FAMILIES } from "../ingest/families.ts";

const K8S = path.resolve(import.meta.dirname, "../deploy/k8s");

const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  "apps/v1/Deployment": Deployment,
  "autoscaling/v2/HorizontalPodAutoscaler": HorizontalPodAutoscaler,
  "batch/v1/CronJob": CronJob,
  "policy/v1/PodDisruptionBudget": PodDisruptionBudget,
  "v1/ConfigMap": ConfigMap,
  "v1/Secret": Secret,
  "v1/Service": Service,
};

interface Resource {
  apiVersion: string;
  kind: string;
  metadata: { name: string };
  // biome-ignore lint/suspicious/noExplicitAny: rendered YAML, checked by the schemas below
  spec?: any;
  data?: Record<string, string>;
  stringData?: Record<string, string>;
}

/** `kubectl kustomize` output where kubectl is installed (not a Debian package: apt has none);
 * otherwise the resource files the kustomization lists, read as they are. */
function rendered(): Resource[] {
  let text: string;
  try {
    text = execFileSync("kubectl", ["kustomize", K8S], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "ignore"],
    });
  } catch {
    const k = parse(readFileSync(path.join(K8S, "kustomization.yaml"), "utf8")) as { resources: string[] };
    text = k.resources.map((f) => readFileSync(path.join(K8S, f), "utf8")).join("\n---\n");
  }
  return parseAllDocuments(text).map((d) => d.toJS() as Resource);
}

describe("deploy/k8s (validated offline against the Kubernetes schemas)", () => {
  it("renders only kinds with a schema here, each valid against it", () => {
    const resources = rendered();
    expect(resources.length).toBeGreaterThan(6);
    for (const r of resources) {
      const Model = MODELS[`${r.apiVersion}/${r.kind}`];
      expect(Model, `${r.apiVersion} ${r.kind} has no schema in this test`).toBeDefined();
      expect(() => new Model!(r as never).validate(), `${r.kind} ${r.metadata.name}`).not.toThrow();
    }
  });

  it("probes the admin port, drains before SIGTERM, runs the sync sidecar", () => {
    const dep = rendered().find((r) => r.kind === "Deployment")!;
    const pod = dep.spec.template.spec;
    const service = pod.containers.find((c: { name: string }) => c.name === "geo402");
    expect(service.command).toEqual(["geo402-serve"]);
    expect(service.readinessProbe.httpGet).toEqual({ path: "/readyz", port: "admin" });
    expect(service.livenessProbe.httpGet).toEqual({ path: "/healthz", port: "admin" });
    expect(service.ports).toContainEqual({ name: "admin", containerPort: 4021 });
    expect(service.lifecycle.preStop.sleep.seconds).toBeLessThan(pod.terminationGracePeriodSeconds);
    const sync = pod.containers.find((c: { name: string }) => c.name === "sync");
    expect(sync.command).toEqual(["geo402-ingest", "sync", "all"]);
    expect(pod.initContainers[0].command).toEqual(["geo402-ingest", "sync", "all", "--once"]);
    const svc = rendered().find((r) => r.kind === "Service")!;
    expect(svc.spec.ports.map((p: { targetPort: string }) => p.targetPort)).toEqual(["http"]);
  });

  it("gives the service the shared Redis, the chain and the batch signer, each a documented variable", () => {
    const resources = rendered();
    const dep = resources.find((r) => r.kind === "Deployment")!;
    const service = dep.spec.template.spec.containers.find((c: { name: string }) => c.name === "geo402");
    const env: Record<string, string> = {};
    for (const from of service.envFrom as {
      configMapRef?: { name: string };
      secretRef?: { name: string };
    }[]) {
      const name = from.configMapRef?.name ?? from.secretRef?.name;
      const source = resources.find((r) => r.metadata.name === name)!;
      Object.assign(env, source.data, source.stringData);
    }
    for (const key of [
      "GEO402_REDIS_URL",
      "GEO402_RPC_URL",
      "GEO402_RECEIVER_AUTHORIZER_KEY",
      "FACILITATOR_URL",
      "PAY_TO",
    ])
      expect(env, key).toHaveProperty(key);
    const docs = ["configuration.md", "operations.md"]
      .map((f) => readFileSync(path.resolve(import.meta.dirname, "../docs", f), "utf8"))
      .join("\n");
    const configured = resources.flatMap((r) => Object.keys({ ...r.data, ...r.stringData }));
    for (const key of configured) expect(docs, `${key} documented`).toContain(`\`${key}\``);
  });

  it("has one Forbid CronJob per artifact family that refreshes then publishes it", () => {
    const jobs = rendered().filter((r) => r.kind === "CronJob");
    expect(jobs.map((j) => j.metadata.name).sort()).toEqual(
      FAMILIES.map((f) => `geo402-refresh-${f.family}`).sort(),
    );
    for (const job of jobs) {
      const family = job.metadata.name.replace("geo402-refresh-", "");
      expect(job.spec.concurrencyPolicy).toBe("Forbid");
      const script: string = job.spec.jobTemplate.spec.template.spec.containers[0].command.at(-1);
      expect(script).toBe(
        `geo402-ingest sync ${family} --once && geo402-ingest refresh ${family} && geo402-ingest publish ${family}`,
      );
    }
  });
});
