// The import graph's rules, checked by `make check` (npm run deps): no value cycle (an import that
// only brings types in does not count: it is erased at compile time and passes no value), and the
// one-way dependencies of DESIGN.md (ingest → artifacts ← service; production rooms never load the
// devnet's).
/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-value-cycle",
      severity: "error",
      comment: "Modules that import each other's values: break the cycle (move the shared part down).",
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ["type-only"] } },
    },
    {
      name: "service-never-imports-ingest",
      severity: "error",
      from: { path: "^service/", pathNot: "\\.test\\.ts$" },
      to: { path: "^ingest/" },
    },
    {
      name: "ingest-never-imports-service",
      severity: "error",
      from: { path: "^ingest/" },
      to: { path: "^service/", dependencyTypesNot: ["type-only"] },
    },
    {
      name: "gate-never-imports-the-devnet-facilitator",
      severity: "error",
      comment: "service/payment/ is the gate production runs; the devnet's facilitator is another room.",
      from: { path: "^service/payment/" },
      to: { path: "^service/(facilitator|batch-settlement)/", dependencyTypesNot: ["type-only"] },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "(^|/)(node_modules|build|coverage)/" },
  },
};
