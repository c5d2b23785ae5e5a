// POST /v1/transform end to end: the real app on the embedded devnet, artifacts opened from
// artifacts/ (make artifacts), paid with @x402/fetch. Revision B shifts datums; revision A does
// not and refuses NAD27. Refusals (outside the grids, unsupported codes) settle nothing.
import path from "node:path";
import { decodePaymentResponseHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openFamilies } from "../../service/data/families.ts";
import { DataRegistry } from "../../service/data/registry.ts";
import { crsOpener, datumGridsOpener } from "../../service/data/transform-families.ts";
import { expectMatchesSchema } from "../support/schemas.ts";
import { type Payer, postJson, REPO_ROOT, startTestService, type TestService } from "../support/service.ts";

async function openedData(): Promise<DataRegistry> {
  const data = new DataRegistry();
  const states = await openFamilies(path.join(REPO_ROOT, "artifacts"), data, [crsOpener, datumGridsOpener]);
  for (const s of states)
    expect(s, `${s.family}: ${s.reason ?? ""} (run make artifacts)`).toMatchObject({ state: "ready" });
  return data;
}

function harness(revision: "A" | "B") {
  const h = {} as { t: TestService; payer: Payer };
  beforeAll(async () => {
    h.t = await startTestService({ revision, data: await openedData() });
    h.payer = await h.t.newPayer();
  });
  afterAll(() => h.t?.close());
  const balances = async () => ({
    payer: await h.t.balance(h.payer.address),
    payTo: await h.t.balance(h.t.payTo),
  });
  const transform = (body: unknown, f: typeof fetch = h.payer.fetch) =>
    postJson(f, `${h.t.url}/v1/transform`, body);
  /** A paid request that must be refused with `status` / `code` and leave both balances as they were. */
  const refusedUncharged = async (body: unknown, status: number, code: string) => {
    const before = await balances();
    const r = await transform(body);
    expect(r.status).toBe(status);
    const err = (await r.json()) as { error: { code: string; index?: number } };
    expect(err.error.code).toBe(code);
    expect(await balances()).toEqual(before);
    return err.error;
  };
  return { h, balances, transform, refusedUncharged };
}

describe("revision B (eip155:8453): datum shifts", () => {
  const { h, balances, transform, refusedUncharged } = harness("B");

  it("NAD27 / UTM 5N → NAD83(2011) in Alaska runs the NADCON5 chain and charges 5000 atomic units", async () => {
    const before = await balances();
    const r = await transform({ from: "EPSG:26705", to: "6318", coordinates: [[500000, 6800000, 120.5]] });
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("transform.response", body);
    expect(body.datumShiftApplied).toBe(true);
    expect(body.datumShift.operations.map((o: { id: string }) => o.id)).toEqual([
      "EPSG:8549",
      "EPSG:8550",
      "EPSG:8551",
      "EPSG:8552",
    ]);
    expect(body.coordinates[0][2]).toBe(120.5);
    expect(body.to).toEqual({ id: "EPSG:6318", code: 6318, name: "NAD83(2011)", unit: "degree" });
    expect(decodePaymentResponseHeader(r.headers.get("payment-response") ?? "").success).toBe(true);
    const after = await balances();
    expect(before.payer - after.payer).toBe(5000n);
    expect(after.payTo - before.payTo).toBe(5000n);
  });

  it("WGS 84 GeoJSON → NAD83(2011) runs EPSG:10334 at the requested epoch", async () => {
    const geojson = {
      type: "Feature",
      properties: { name: "Anchorage" },
      geometry: { type: "Point", coordinates: [-149.9, 61.2] },
    };
    const r = await transform({ from: "4326", to: "6318", geojson, epoch: 2026.5 });
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("transform.response", body);
    expect(body.datumShift).toMatchObject({ epoch: 2026.5, epochSource: "request" });
    expect(body.geojson.properties).toEqual({ name: "Anchorage" });
  });

  it("a position outside every NADCON5 grid is refused with outside_datum_grid and its index, not charged", async () => {
    const e = await refusedUncharged(
      {
        from: "4267",
        to: "4269",
        coordinates: [
          [-150, 61],
          [2, 48],
        ],
      },
      422,
      "outside_datum_grid",
    );
    expect(e.index).toBe(1);
  });

  it("an unsupported code is refused with unsupported_crs, not charged", async () => {
    await refusedUncharged({ from: "EPSG:3338", to: "4326", coordinates: [0, 0] }, 400, "unsupported_crs");
  });

  it("a request without `to` is refused before any quote", async () => {
    const r = await transform({ from: "4326", coordinates: [0, 0] }, fetch);
    expect(r.status).toBe(400);
    expect(r.headers.get("payment-required")).toBeNull();
    expect(((await r.json()) as { error: { code: string } }).error.code).toBe("missing_field");
    expect(h.t.url).toMatch(/^http/);
  });
});

describe("revision A (eip155:84532): one datum", () => {
  const { balances, transform, refusedUncharged } = harness("A");

  it("WGS 84 → NAD83 / UTM 5N applies no datum shift and charges 5000 atomic units", async () => {
    const before = await balances();
    const r = await transform({ from: "EPSG:4326", to: "EPSG:26905", coordinates: [[-149.9003, 61.2181]] });
    expect(r.status).toBe(200);
    const body = await r.json();
    expectMatchesSchema("transform.response", body);
    expect(body.datumShiftApplied).toBe(false);
    expect(body.datumShift).toBeUndefined();
    expect(body.notes.join(" ")).toContain("no datum shift was applied between WGS 84 and NAD83");
    expect((await balances()).payer).toBe(before.payer - 5000n);
  });

  it("NAD27 codes are refused, not charged", async () => {
    await refusedUncharged({ from: "4267", to: "4326", coordinates: [-150, 61] }, 400, "unsupported_crs");
  });

  it("epoch is not a revision A member, not charged", async () => {
    await refusedUncharged(
      { from: "4326", to: "3857", coordinates: [0, 0], epoch: 2020 },
      400,
      "unexpected_field",
    );
  });
});
