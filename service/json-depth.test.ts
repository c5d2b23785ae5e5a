import { describe, expect, it } from "vitest";
import { jsonDepth } from "./json-depth.ts";

describe("jsonDepth", () => {
  it("counts objects and arrays, not brackets inside strings or escaped quotes", () => {
    expect(jsonDepth("1", 64)).toBe(0);
    expect(jsonDepth("[]", 64)).toBe(1);
    expect(jsonDepth('{"a":[{"b":[[1,2]]}]}', 64)).toBe(5);
    expect(jsonDepth('["[[[[", "\\"[[[", {"k": "{{{"}]', 64)).toBe(2);
    expect(jsonDepth("[[1],[[2]],[3]]", 64)).toBe(3);
  });

  it("agrees with the depth of documents it did not write", () => {
    const depthOf = (v: unknown): number =>
      typeof v === "object" && v !== null ? 1 + Math.max(0, ...Object.values(v).map(depthOf)) : 0;
    const docs = [
      { type: "GeometryCollection", geometries: [{ type: "Point", coordinates: [1, 2] }] },
      { features: [{ geometry: { coordinates: [[[[0, 0]]]] }, properties: { s: "]]}}" } }] },
    ];
    for (const d of docs) expect(jsonDepth(JSON.stringify(d), 64)).toBe(depthOf(d));
  });

  it("stops at the first level past the cap, however deep the text goes", () => {
    const deep = "[".repeat(100_000) + "]".repeat(100_000);
    expect(jsonDepth(deep, 64)).toBe(65);
  });
});
