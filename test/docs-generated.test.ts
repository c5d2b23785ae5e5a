// The generated docs equal what their generators make now (`npm run docs` rewrites them): the
// route reference from the catalog, the coverage map from the built artifacts, the 402 sizes table
// listing every priced route of each revision (its bytes are measured on the running service and
// compared by test/e2e/discovery.e2e.test.ts). The positions the
// README gives as covered by both elevation and marine depth are answered by both routes.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { renderCoverageMap } from "../docs/gen/coverage-map.ts";
import { documentedQuoteRoutes } from "../docs/gen/quote-sizes.ts";
import { renderRouteReference } from "../docs/gen/route-reference.ts";
import { renderSpecCoverageMap } from "../docs/gen/spec-coverage-map.ts";
import { CATALOG, catalogFor } from "../service/catalog.ts";
import { openFamilies } from "../service/data/families.ts";
import { DataRegistry } from "../service/data/registry.ts";
import { isFree, type RouteContext, routeKey } from "../service/route-types.ts";
import { ARTIFACTS_DIR } from "./support/built-artifacts.ts";

const root = path.resolve(import.meta.dirname, "..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");

describe("generated docs (run `npm run docs` after changing the catalog or the artifacts)", () => {
  it("docs/routes.md is the catalog's route reference", () => {
    expect(read("docs/routes.md")).toBe(renderRouteReference(CATALOG));
  });

  it("docs/routes.md lists every route of the catalog with its price", () => {
    const text = read("docs/routes.md");
    for (const e of CATALOG) expect(text).toContain(`## ${e.method} ${e.path}`);
    expect(text).toContain(
      "| GET | [`/v1/marine/depth`](#get-v1marinedepth) | $0.005 | A, B | `marine_depth` |",
    );
  });

  it("docs/discovery.md's 402 sizes list every priced route of each revision, in the catalog's order", () => {
    for (const revision of ["A", "B"] as const)
      expect(documentedQuoteRoutes(read("docs/discovery.md"), revision), revision).toEqual(
        catalogFor(revision)
          .filter((e) => !isFree(e))
          .map(routeKey),
      );
  });

  it("docs/coverage.svg is the map of the built artifacts", async () => {
    expect(read("docs/coverage.svg")).toBe(await renderCoverageMap(ARTIFACTS_DIR));
  });

  it("docs/spec-coverage.svg is the map of the built manifests' coverage", async () => {
    expect(read("docs/spec-coverage.svg")).toBe(await renderSpecCoverageMap(ARTIFACTS_DIR));
  });

  it("docs/spec-coverage.svg draws every locked 3DEP block and names every missing file", () => {
    const svg = read("docs/spec-coverage.svg");
    const coverage = (family: string) =>
      JSON.parse(read(`artifacts/${family}/current/manifest.json`)).coverage as {
        served: string[];
        missing: string[];
      };
    const dem = coverage("dem");
    expect(svg.match(/<title>3DEP /g)?.length).toBe(dem.served.length + dem.missing.length);
    for (const block of dem.missing) expect(svg).toContain(`3DEP ${block}: missing`);
    const text = svg.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    for (const family of ["datum-grids", "census"])
      for (const file of coverage(family).missing) expect(text).toContain(file);
  });
});

describe("the README's coverage statements", () => {
  const route = (p: string) => CATALOG.find((e) => e.path === p && e.method === "GET");
  async function answer(
    p: string,
    query: Record<string, unknown>,
  ): Promise<{ code?: string; body?: object }> {
    const data = new DataRegistry();
    await openFamilies(ARTIFACTS_DIR, data);
    const entry = route(p);
    if (!entry) throw new Error(`no route ${p}`);
    const ctx = { catalog: CATALOG, data, baseUrl: "http://test" } as unknown as RouteContext;
    try {
      return { body: await entry.handler({ body: undefined, query }, ctx) };
    } catch (err) {
      return { code: (err as { code?: string }).code ?? String(err) };
    } finally {
      data.closeAll();
    }
  }

  it("59.18, -150.95 is answered by both elevation and marine depth", async () => {
    const depth = await answer("/v1/marine/depth", { lat: 59.18, lon: -150.95 });
    expect(depth.body).toMatchObject({ depthAreaMinimum: 18.2, depthAreaMaximum: 36.5 });
    const elevation = await answer("/v1/elevation", { lat: 59.18, lon: -150.95, interpolation: "bilinear" });
    expect(elevation.body).toMatchObject({ elevationMeters: 0 });
  });

  it("Homer Harbor has depths but no elevation; the Kenai Mountains example has elevation but no charts", async () => {
    expect((await answer("/v1/marine/depth", { lat: 59.6033, lon: -151.4192 })).body).toBeDefined();
    expect((await answer("/v1/elevation", { lat: 59.6033, lon: -151.4192 })).code).toBe("outside_coverage");
    expect((await answer("/v1/elevation", { lat: 59.75, lon: -150.5 })).body).toBeDefined();
    expect((await answer("/v1/marine/depth", { lat: 59.75, lon: -150.5 })).code).toBe("outside_coverage");
  });
});
