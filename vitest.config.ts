import { defineConfig } from "vitest/config";

// Test tiers (docs/CONTRIBUTING.md): `make test` runs all of them, `make test-unit` the first.
// - unit: starts no process and opens no server (test/support/unit-tier-guard.ts refuses both);
// - http: *.http.test.ts, paid calls whose assertion does not depend on the process: ONE service per
//   test worker (test/support/shared-service.ts; real devnet, real facilitator, balances on chain),
//   shared by the worker's files (`isolate: false` keeps the module, and its service, across files);
// - e2e: the service with its devnet, paid with the official clients, balances read on chain;
//   also tests that start another process of ours (the CLI, esbuild, solc) or a loopback server;
// - ops: Debian's servers in front of or beside the service (haproxy, nginx, Swift, Chromium, GDAL).
const ALL = ["service", "cli", "ingest", "artifacts", "test"].map((d) => `${d}/**/*.test.ts`);
const OPS = ["test/ops/**/*.test.ts", "**/*.ops.test.ts"];
const E2E = ["test/e2e/**/*.test.ts", "**/*.e2e.test.ts"];
const HTTP = ["test/http/**/*.test.ts", "**/*.http.test.ts"];
/** Tests outside test/e2e that start a process or a loopback server (named before the tiers). */
const STARTS_A_PROCESS = [
  "cli/devnet.test.ts",
  "ingest/lib/build.test.ts",
  "ingest/refresh/check-source.test.ts",
  "ingest/refresh/refresh-family.test.ts",
  "service/delivery.test.ts",
  "service/openapi.test.ts",
  "service/devnet/contracts.test.ts",
  "test/deploy-k8s.test.ts",
  "test/startup/main-thread-modules.test.ts",
];
const IGNORED = ["**/node_modules/**", "test/bench/**"];

export default defineConfig({
  test: {
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
    // Two files at a time (vitest's default on two CPUs is ONE: every file ran after the other):
    // an e2e file spends most of its time waiting on its chain, its service or a server it started.
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ALL,
          exclude: [...IGNORED, ...OPS, ...E2E, ...HTTP, ...STARTS_A_PROCESS],
          setupFiles: ["test/support/unit-tier-guard.ts"],
          // A worker's files share their modules (each imported once per worker, not once per file:
          // the imports were 72 of the tier's 263 summed seconds). A test that changes module state
          // undoes it (kernel.test.ts: refuseKernelsOnThisThread).
          isolate: false,
        },
      },
      { extends: true, test: { name: "http", include: HTTP, exclude: IGNORED, isolate: false } },
      {
        extends: true,
        test: {
          name: "e2e",
          include: [...E2E, ...STARTS_A_PROCESS],
          exclude: [...IGNORED, ...OPS, ...HTTP],
          // A worker imports the service's modules once for all its files (3.2 CPU-s per file, and
          // the first start's lazy imports, about 2 more) and keeps one devnet for the services its
          // files start (test/support/service.ts). Each file still starts, and closes, its own service.
          isolate: false,
        },
      },
      { extends: true, test: { name: "ops", include: OPS, exclude: IGNORED } },
    ],
  },
});
