import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { normalizeLongitude, readCenterVectors } from "../../test/reference/h3-vectors.ts";
import { unitRouteContext } from "../../test/reference/route-context.ts";
import { expectMatchesSchema } from "../../test/support/schemas.ts";
import { ApiError } from "../errors.ts";
import { toApiError } from "../refusals.ts";
import type { CatalogEntry } from "../route-types.ts";
import { h3Entries } from "./h3.ts";

const ctx = unitRouteContext();
const entry = (p: string): CatalogEntry => h3Entries.find((e) => e.path === p) as CatalogEntry;
const index = entry("/v1/h3/index");

async function answer(e: CatalogEntry, body: unknown): Promise<Record<string, unknown>> {
  const out = (await e.handler({ body, query: {} }, ctx)) as Record<string, unknown>;
  expectMatchesSchema(e.schemas.response, out);
  return out;
}

async function refusal(e: CatalogEntry, body: unknown): Promise<ApiError> {
  try {
    await e.handler({ body, query: {} }, ctx);
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error("expected a refusal");
}

const CENTER_FILES = [
  "rand05centers.txt",
  "rand07centers.txt",
  "rand09centers.txt",
  "rand11centers.txt",
  "rand13centers.txt",
  "rand15centers.txt",
  "bc05r08centers.txt",
  "bc05r09centers.txt",
  "bc14r08centers.txt",
  "bc19r10centers.txt",
  "res00ic.txt",
];

describe("POST /v1/h3/index", () => {
  let agreed = 0;
  let total = 0;
  for (const file of CENTER_FILES) {
    it(`indexes every uber/h3 cell centre of ${file} to its cell`, async () => {
      const vectors = readCenterVectors(file);
      const res = Number.parseInt(vectors[0]?.cell.charAt(1) ?? "", 16);
      for (let start = 0; start < vectors.length; start += 10_000) {
        const chunk = vectors.slice(start, start + 10_000);
        const out = (await answer(index, {
          points: chunk.map((v) => [normalizeLongitude(v.lng), v.lat]),
          resolution: res,
        })) as {
          cells: { results: { cell: string }[] }[];
        };
        const got = out.cells.map((c) => c.results[0]?.cell);
        agreed += got.filter((cell, i) => cell === chunk[i]?.cell).length;
        total += chunk.length;
        expect(got).toEqual(chunk.map((v) => v.cell));
      }
    });
  }
  it("agreed on all 30191 centre vectors", () => {
    expect([agreed, total]).toEqual([30191, 30191]);
  });

  it("answers every point at every resolution with centre and closed boundary", async () => {
    const out = await answer(index, {
      points: [
        [-122.0553238, 37.3615593],
        [180, 0],
      ],
      resolutions: [7, 3],
      includeCenter: true,
      includeBoundary: true,
    });
    expect(out.count).toBe(2);
    expect(out.resolutions).toEqual([7, 3]);
    const cells = out.cells as {
      point: number[];
      results: { resolution: number; cell: string; boundary: number[][] }[];
    }[];
    expect(cells[0]?.point).toEqual([-122.0553238, 37.3615593]);
    expect(cells[0]?.results[0]?.cell).toBe("87283472bffffff");
    expect(cells[1]?.results[1]?.boundary[0]).toEqual(cells[1]?.results[1]?.boundary.at(-1));
  });

  it("refuses both resolution and resolutions, and neither", async () => {
    expect((await refusal(index, { points: [[0, 0]], resolution: 3, resolutions: [4] })).code).toBe(
      "conflicting_fields",
    );
    expect((await refusal(index, { points: [[0, 0]] })).code).toBe("missing_field");
  });

  it("refuses a fifth resolution with the limit named, and a repeated one", async () => {
    const err = await refusal(index, { points: [[0, 0]], resolutions: [1, 2, 3, 4, 5] });
    expect(err.code).toBe("limit_exceeded");
    expect(err.details.limit).toEqual({ name: "resolutions", max: 4, unit: "resolutions", actual: 5 });
    expect((await refusal(index, { points: [[0, 0]], resolutions: [3, 3] })).details.path).toBe(
      "$.resolutions[1]",
    );
  });

  it("refuses resolution 16 and a fractional resolution", async () => {
    expect((await refusal(index, { points: [[0, 0]], resolution: 16 })).code).toBe("invalid_field");
    expect((await refusal(index, { points: [[0, 0]], resolution: 2.5 })).code).toBe("invalid_field");
  });

  it("refuses 10001 points with the points limit", async () => {
    const err = await refusal(index, { points: Array.from({ length: 10_001 }, () => [0, 0]), resolution: 1 });
    expect(err.details.limit).toEqual({ name: "points", max: 10_000, unit: "points", actual: 10_001 });
  });

  it("refuses an out-of-range longitude or latitude with its path, never normalising", async () => {
    const lon = await refusal(index, {
      points: [
        [0, 0],
        [180.5, 0],
      ],
      resolution: 1,
    });
    expect([lon.code, lon.details.path]).toEqual(["coordinate_out_of_range", "$.points[1]"]);
    expect((await refusal(index, { points: [[0, -90.01]], resolution: 1 })).code).toBe(
      "coordinate_out_of_range",
    );
  });

  it("lists geojson as forbidden before a price is quoted, and its schema refuses it too", () => {
    const schema = JSON.parse(
      fs.readFileSync(path.resolve(import.meta.dirname, "../../schemas/h3-index.request.json"), "utf8"),
    );
    expect(index.forbiddenMembers).toEqual(["geojson"]);
    expect(schema.additionalProperties).toBe(false);
    expect(Object.keys(schema.properties)).not.toContain("geojson");
    expect(schema.required).toEqual(["points"]);
  });
});
