// The request thread refuses kernels: a heavy route that forgot `compute: "pool"` fails its first call.
import { describe, expect, it } from "vitest";
import { CATALOG } from "../catalog.ts";
import { kernel, refuseKernelsOnThisThread } from "./kernel.ts";

describe("kernels and the request thread", () => {
  it('a route declared heavy without compute: "pool" fails on the request thread', async () => {
    const area = kernel(() => import("../geo/geometry/area.ts"));
    const allowAgain = refuseKernelsOnThisThread();
    try {
      await expect(area()).rejects.toThrow('declare its route compute: "pool"');
    } finally {
      allowAgain();
    }
  });

  it("the pool routes are the ones each route group declares (the catalog keeps no second list)", () => {
    const pool = CATALOG.filter((e) => e.compute === "pool").map((e) => `${e.method} ${e.path}`);
    expect(pool).toContain("POST /v1/geometry/buffer");
    expect(pool).not.toContain("GET /v1/timezone");
    expect(pool.every((k) => k.startsWith("POST "))).toBe(true);
  });
});
