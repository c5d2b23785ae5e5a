// The registry handed a loader reads it on first use, once: a thread that never transforms (the
// main thread) never parses crs.json.
import { describe, expect, it } from "vitest";
import { testRegistry } from "../../../test/conformance/shared-data.ts";
import { CrsRegistry } from "./crs-registry.ts";

describe("CrsRegistry read on first use", () => {
  it("calls its loader only when asked, and only once", async () => {
    const data = await testRegistry();
    let loads = 0;
    const registry = new CrsRegistry(() => {
      loads++;
      return data;
    });
    expect(loads).toBe(0);
    expect(registry.get(4326)?.code).toBe(4326);
    expect(registry.resolve("EPSG:26905", "to", "A").code).toBe(26905);
    expect(registry.epsgVersion).toBe(data.epsgVersion);
    expect(loads).toBe(1);
  });
});
