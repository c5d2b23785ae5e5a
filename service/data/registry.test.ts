// Versions swapped under running requests: a request's view keeps the version it took, a
// replaced version is closed only when the last view holding it is released.
import { describe, expect, it } from "vitest";
import { ApiError } from "../errors.ts";
import { DataRegistry } from "./registry.ts";

describe("DataRegistry start-up states", () => {
  it("a family being verified is refused like a missing one until it is set or fails", () => {
    const data = new DataRegistry();
    data.verifying("timezone");
    data.verifying("census");
    expect(data.status()).toEqual([
      { family: "census", state: "verifying" },
      { family: "timezone", state: "verifying" },
    ]);
    expect(() => data.view().require("timezone")).toThrow(ApiError);
    data.set("timezone", "1.0-aaaaaaaaaaaa", "zones");
    data.fail("census", "output_corrupt");
    expect(data.status()).toEqual([
      { family: "census", state: "unavailable", reason: "output_corrupt" },
      { family: "timezone", state: "ready", version: "1.0-aaaaaaaaaaaa" },
    ]);
    expect(data.view().require("timezone").value).toBe("zones");
    // An open family is never marked back: a reload checks a new version beside the served one.
    data.verifying("timezone");
    expect(data.status().find((f) => f.family === "timezone")?.state).toBe("ready");
  });
});

describe("DataRegistry views", () => {
  it("a view keeps the version it first took while the registry moves on", () => {
    const data = new DataRegistry();
    data.set("crs", "1.0-aaaaaaaaaaaa", "old");
    const view = data.view();
    expect(view.require("crs")).toEqual({ value: "old", version: "1.0-aaaaaaaaaaaa" });
    data.set("crs", "1.0-bbbbbbbbbbbb", "new");
    expect(view.require("crs").value).toBe("old");
    expect(data.view().require("crs").value).toBe("new");
    expect(view.used()).toEqual([{ family: "crs", version: "1.0-aaaaaaaaaaaa" }]);
  });

  it("a replaced version is closed when its last reader is released, not before", () => {
    const closed: string[] = [];
    const data = new DataRegistry();
    data.set("datum-grids", "1.0-aaaaaaaaaaaa", "old", () => closed.push("old"));
    const a = data.view();
    const b = data.view();
    a.require("datum-grids");
    b.require("datum-grids");
    data.set("datum-grids", "1.0-bbbbbbbbbbbb", "new", () => closed.push("new"));
    a.release();
    expect(closed).toEqual([]);
    b.release();
    expect(closed).toEqual(["old"]);
    data.set("datum-grids", "1.0-cccccccccccc", "newer");
    expect(closed).toEqual(["old", "new"]);
  });

  it("a view that read nothing names nothing; a missing family is data_unavailable", () => {
    const data = new DataRegistry();
    const view = data.view();
    expect(() => view.require("census")).toThrow(ApiError);
    expect(view.used()).toEqual([]);
    expect(view.has("census")).toBe(false);
  });

  it("closeAll closes idle versions at once and held ones on release; close errors are reported", () => {
    const errors: string[] = [];
    const data = new DataRegistry({ onCloseError: (family, version) => errors.push(`${family}@${version}`) });
    let closedIdle = false;
    data.set("crs", "1.0-aaaaaaaaaaaa", 1, () => {
      closedIdle = true;
    });
    data.set("datum-grids", "1.0-bbbbbbbbbbbb", 2, () => {
      throw new Error("EBADF");
    });
    const view = data.view();
    view.require("datum-grids");
    data.closeAll();
    expect(closedIdle).toBe(true);
    expect(errors).toEqual([]);
    view.release();
    expect(errors).toEqual(["datum-grids@1.0-bbbbbbbbbbbb"]);
  });
});

describe("DataRegistry read failures after start", () => {
  it("a failed read marks the version damaged until another version is set; a stale version is ignored", () => {
    const r = new DataRegistry();
    r.set("dem", "v1", {});
    r.readFailed("dem", "v0", "an older version");
    expect(r.status()).toEqual([{ family: "dem", state: "ready", version: "v1" }]);
    r.readFailed("dem", "v1", "checksum mismatch in tile 3");
    r.readFailed("dem", "v1", "a second failure");
    expect(r.status()).toEqual([
      { family: "dem", state: "damaged", version: "v1", reason: "checksum mismatch in tile 3" },
    ]);
    // Still served: reads that meet no damage answer.
    expect(r.require("dem").version).toBe("v1");
    r.set("dem", "v2", {});
    expect(r.status()).toEqual([{ family: "dem", state: "ready", version: "v2" }]);
  });
});
