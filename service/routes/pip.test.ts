import { describe, expect, it } from "vitest";
import { locateExact } from "../../test/reference/exact-point-in-polygon.ts";
import { unitRouteContext } from "../../test/reference/route-context.ts";
import { expectMatchesSchema } from "../../test/support/schemas.ts";
import { ApiError } from "../errors.ts";
import type { Position } from "../geo/position.ts";
import { toApiError } from "../refusals.ts";
import type { CatalogEntry } from "../route-types.ts";
import { pipEntries } from "./pip.ts";

const ctx = unitRouteContext();
const pip = pipEntries[0] as CatalogEntry;
type Body = Record<string, unknown>;

async function answer(body: Body): Promise<Body> {
  const out = (await pip.handler({ body, query: {} }, ctx)) as Body;
  expectMatchesSchema("pip.response", out);
  return out;
}
async function refusal(body: Body): Promise<ApiError> {
  try {
    await pip.handler({ body, query: {} }, ctx);
  } catch (err) {
    if (toApiError(err) instanceof ApiError) return toApiError(err) as ApiError;
    throw err;
  }
  throw new Error("expected a refusal");
}

const square = (x: number, y: number, size: number) => ({
  type: "Polygon",
  coordinates: [
    [
      [x, y],
      [x + size, y],
      [x + size, y + size],
      [x, y + size],
      [x, y],
    ],
  ],
});
/** A ring of n positions (closing one included) around (cx, cy). */
const circle = (n: number, cx = 0, cy = 0, r = 1): Position[] => {
  const ring = Array.from(
    { length: n - 1 },
    (_, i): Position => [
      cx + r * Math.cos((2 * Math.PI * i) / (n - 1)),
      cy + r * Math.sin((2 * Math.PI * i) / (n - 1)),
    ],
  );
  ring.push(ring[0] as Position);
  return ring;
};

describe("POST /v1/pip (handler)", () => {
  it("labels columns by index for an array of geometries", async () => {
    const out = await answer({ points: [[0.5, 0.5]], polygons: [square(0, 0, 1), square(5, 5, 1)] });
    expect(out).toMatchObject({ columns: [0, 1], matrix: [[1, 0]], containing: [[0]] });
  });

  it("answers the 25,000,000-test worst case (250 points × one polygon of 100,000 positions) exactly", async () => {
    const ring = circle(100_000);
    const points = Array.from({ length: 250 }, (_, i) => {
      const on = ring[i * 397] as number[];
      return i % 3 === 0 ? on : [Math.cos(i) * (i % 2 ? 0.999 : 1.001), Math.sin(i) * 0.9995];
    });
    const out = await answer({ points, polygons: [{ type: "Polygon", coordinates: [ring] }] });
    const expected = points.map(([x, y]) => [
      locateExact([[ring]], x as number, y as number) === "outside" ? 0 : 1,
    ]);
    expect(out.matrix).toEqual(expected);
  });

  it("refuses each limit with its name: points, polygons, positions, pairs, point-vertex tests", async () => {
    const limitOf = async (body: Body) => ((await refusal(body)).details.limit as { name: string }).name;
    expect(await limitOf({ points: Array.from({ length: 250_001 }, () => [0, 0]), polygons: [] })).toBe(
      "points",
    );
    expect(await limitOf({ points: [], polygons: Array.from({ length: 2001 }, () => square(0, 0, 1)) })).toBe(
      "polygons",
    );
    expect(
      await limitOf({
        points: [],
        polygons: Array.from({ length: 2000 }, () => ({ type: "Polygon", coordinates: [circle(51)] })),
      }),
    ).toBe("positions");
    expect(
      await limitOf({
        points: Array.from({ length: 126 }, () => [0, 0]),
        polygons: Array.from({ length: 2000 }, () => square(0, 0, 1)),
      }),
    ).toBe("pairs");
    expect(
      await limitOf({
        points: Array.from({ length: 251 }, () => [0, 0]),
        polygons: [{ type: "Polygon", coordinates: [circle(100_000)] }],
      }),
    ).toBe("vertexTests");
  });

  it("refuses non-areal geometry by name, a malformed collection, and an out-of-range point", async () => {
    const line = await refusal({
      points: [[0, 0]],
      polygons: [
        {
          type: "LineString",
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
    expect([line.code, line.details.type, line.details.path]).toEqual([
      "unsupported_geometry",
      "LineString",
      "$.polygons[0]",
    ]);
    expect((await refusal({ points: [[0, 0]], polygons: { type: "Feature" } })).code).toBe("invalid_field");
    const far = await refusal({
      points: [
        [0, 0],
        [0, 95],
      ],
      polygons: [square(0, 0, 1)],
    });
    expect([far.code, far.details.path]).toEqual(["coordinate_out_of_range", "$.points[1]"]);
  });
});
