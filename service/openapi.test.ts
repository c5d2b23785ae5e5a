// The OpenAPI document gives typed clients real types: openapi-typescript generates them, every
// route's request example (body or query) and recorded 200 example must type-check against them
// under strict tsc, a wrong example must not, and Redocly's recommended rules pass (the one
// exception is justified in redocly.yaml and docs/discovery.md).
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import openapiTS, { astToString } from "openapi-typescript";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { catalogFor } from "./catalog.ts";
import type { Revision } from "./config.ts";
import { buildOpenApi } from "./openapi.ts";
import { responseExample } from "./response-examples.ts";
import type { PaymentTerms } from "./route-types.ts";
import { createSchemaSet } from "./schemas.ts";

const REPO = path.resolve(import.meta.dirname, "..");
const TERMS: PaymentTerms = {
  network: "eip155:8453",
  asset: "0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913",
  assetName: "USD Coin",
  assetVersion: "2",
  payTo: "0x90F79bf6EB2c4f870365E785982E1f101E93b906",
  facilitatorUrl: "https://facilitator.example",
};

const documentFor = (revision: Revision) =>
  buildOpenApi(catalogFor(revision), TERMS, createSchemaSet(), "https://geo402.example", revision);

/**
 * tsc diagnostics of `source` compiled beside the generated `api.d.ts`, strict, the generated
 * declarations checked too. Not TypeScript's own lib files nor the project's installed @types
 * (`types: []`; the examples use neither): checking those, in each of the four programs, was most
 * of this file's time.
 */
function typeErrors(dir: string, name: string, source: string): string[] {
  const file = path.join(dir, name);
  writeFileSync(file, source);
  const program = ts.createProgram([file], {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    skipLibCheck: false,
    skipDefaultLibCheck: true,
    types: [],
  });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => ts.flattenDiagnosticMessageText(d.messageText, "\n").slice(0, 300));
}

for (const revision of ["A", "B"] as const) {
  describe(`typed OpenAPI, revision ${revision}`, () => {
    let dir: string;
    beforeAll(async () => {
      dir = mkdtempSync(path.join(tmpdir(), "geo402-openapi-types-"));
      const doc = documentFor(revision);
      writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(doc));
      writeFileSync(path.join(dir, "api.d.ts"), astToString(await openapiTS(doc as never)));
    });

    it("every route's request example and recorded answer type-check against the generated types", () => {
      const lines = ['import type { paths } from "./api";'];
      let checked = 0;
      catalogFor(revision).forEach((e, i) => {
        const op = `paths[${JSON.stringify(e.path)}][${JSON.stringify(e.method.toLowerCase())}]`;
        if (e.example.body !== undefined) {
          lines.push(
            `export const body${i}: NonNullable<${op}["requestBody"]>["content"]["application/json"] = ${JSON.stringify(e.example.body)};`,
          );
          checked++;
        }
        if (e.example.query !== undefined) {
          lines.push(
            `export const query${i}: NonNullable<${op}["parameters"]["query"]> = ${JSON.stringify(e.example.query)};`,
          );
          checked++;
        }
        const answer = responseExample(e, revision);
        if (answer !== undefined) {
          lines.push(
            `export const answer${i}: ${op}["responses"][200]["content"]["application/json"] = ${JSON.stringify(answer)};`,
          );
          checked++;
        }
      });
      expect(checked).toBeGreaterThan(40);
      expect(typeErrors(dir, "examples.ts", lines.join("\n"))).toEqual([]);
    });

    it("the generated types are real: a malformed GeoJSON example does not compile", () => {
      const wrong = [
        'import type { paths } from "./api";',
        'type Buffer = paths["/v1/geometry/buffer"]["post"]["requestBody"]["content"]["application/json"];',
        'export const x: Buffer = { geojson: { type: "Point", coordinates: "61.2,-149.9" }, distance: 500 };',
        'type Tz = NonNullable<paths["/v1/timezone"]["get"]["parameters"]["query"]>;',
        'export const y: Tz = { lat: "61.2", lon: -149.9 };',
      ].join("\n");
      expect(typeErrors(dir, "wrong.ts", wrong).length).toBeGreaterThanOrEqual(2);
    });

    it("passes Redocly's recommended rules", async () => {
      const cli = path.join(REPO, "node_modules/@redocly/cli/bin/cli.js");
      const config = path.join(REPO, "redocly.yaml");
      const out = await promisify(execFile)(
        process.execPath,
        [cli, "lint", path.join(dir, "openapi.json"), "--config", config, "--format", "json"],
        {
          maxBuffer: 16 * 1024 * 1024,
          // No usage telemetry and no update check: the lint runs offline, in CI too.
          env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
        },
      ).catch((err: { stdout: string; stderr: string }) => err);
      const report = JSON.parse(out.stdout) as {
        totals: { errors: number; warnings: number };
        problems: unknown[];
      };
      expect(report.problems).toEqual([]);
      expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
    }, 60_000);
  });
}
