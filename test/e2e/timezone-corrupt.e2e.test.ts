// A corrupted timezone artifact (one flipped byte in zones.h3i, caught by the manifest hash at
// start-up) makes only GET /v1/timezone answer 503 data_unavailable, unpaid; hello still answers.
import { rm } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { copyBuiltFamily, flipByte } from "../support/built-artifacts.ts";
import { postJson, startTestService, type TestService } from "../support/service.ts";

const tz = (f: typeof fetch, base: string, query: string) => f(`${base}/v1/timezone?${query}`);

describe("a corrupted timezone artifact", () => {
  let broken: TestService;
  let dir: string;
  beforeAll(async () => {
    const copy = await copyBuiltFamily("timezone");
    dir = copy.root;
    await flipByte(path.join(copy.dir, "zones.h3i"), 5000);
    broken = await startTestService({ env: { GEO402_ARTIFACTS: dir } });
  });
  afterAll(async () => {
    await broken?.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("makes the timezone route answer 503 data_unavailable, unpaid, while hello still answers", async () => {
    const p = await broken.newPayer();
    const before = await broken.balance(p.address);
    const r = await tz(p.fetch, broken.url, "lat=61.2181&lon=-149.9003");
    expect(r.status).toBe(503);
    expect((await r.json()).error).toMatchObject({ code: "data_unavailable", family: "timezone" });
    expect(await broken.balance(p.address)).toBe(before);
    const hello = await postJson(p.fetch, `${broken.url}/v1/hello`, { name: "Ada" });
    expect(hello.status).toBe(200);
    expect(before - (await broken.balance(p.address))).toBe(1000n);
  });
});
