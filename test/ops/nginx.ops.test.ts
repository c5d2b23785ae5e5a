// The 402s pass a stock proxy: Debian's nginx with `proxy_pass` only (default proxy buffers: the
// upstream's whole header block in one memory page) in front of the service, in both revisions.
// Every priced route answers its 402 through it with both schemes offered and a bazaar extension
// that @x402/extensions validates, and the official client pays through it. A header block over
// the buffer is refused by the same nginx (502), so the 402s are really measured against it.
// Skipped, with the reason printed, without nginx.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { type DiscoveryExtension, validateDiscoveryExtension } from "@x402/extensions/bazaar";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exampleRequest, PROXY_HEADER_BUFFER_BYTES } from "../../docs/gen/quote-sizes.ts";
import { catalogFor } from "../../service/catalog.ts";
import { freePort } from "../../service/devnet/anvil.ts";
import { dollarsToAtomic } from "../../service/money.ts";
import { isFree, routeKey } from "../../service/route-types.ts";
import { nginxMissing, startNginx, type TestNginx } from "../support/nginx.ts";
import { postJson, startTestService, type TestService } from "../support/service.ts";

const missing = nginxMissing();
if (missing) console.warn(`nginx ops test skipped: ${missing}`);

/** An upstream whose answer carries a header of `bytes` bytes (?bytes=N): the proxy's own limit. */
function headerOfSize(): Promise<Server> {
  const server = createServer((req, res) => {
    const bytes = Number(new URL(req.url ?? "/", "http://x").searchParams.get("bytes"));
    res.writeHead(402, { "payment-required": "A".repeat(bytes) }).end("{}");
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

for (const revision of ["A", "B"] as const) {
  describe.skipIf(missing !== null)(`revision ${revision} behind stock nginx`, () => {
    let t: TestService;
    let nginx: TestNginx;
    let sized: Server;
    beforeAll(async () => {
      sized = await headerOfSize();
      const port = await freePort();
      // Behind a proxy the service names the proxy's URL in its terms.
      t = await startTestService({ revision, env: { GEO402_PUBLIC_URL: `http://127.0.0.1:${port}` } });
      nginx = await startNginx(
        {
          "/": t.url,
          "/sized": `http://127.0.0.1:${(sized.address() as AddressInfo).port}`,
        },
        port,
      );
    });
    afterAll(async () => {
      await nginx?.stop();
      await t?.close();
      sized?.close();
    });

    it("nginx's default buffer passes a header block under one page and refuses one over it", async () => {
      expect((await fetch(`${nginx.url}/sized?bytes=${PROXY_HEADER_BUFFER_BYTES / 2}`)).status).toBe(402);
      expect((await fetch(`${nginx.url}/sized?bytes=${PROXY_HEADER_BUFFER_BYTES}`)).status).toBe(502);
      expect(await nginx.errorLog()).toContain("upstream sent too big header");
    });

    it("21/21 priced routes answer their 402 through nginx, both schemes offered, bazaar valid", async () => {
      const priced = catalogFor(revision).filter((e) => !isFree(e));
      const answered: string[] = [];
      const valid: string[] = [];
      for (const entry of priced) {
        const route = routeKey(entry);
        const r = await fetch(...exampleRequest(nginx.url, entry));
        await r.arrayBuffer();
        expect(r.status, route).toBe(402);
        answered.push(route);
        const terms = decodePaymentRequiredHeader(r.headers.get("payment-required") ?? "");
        expect(terms.resource.url, route).toBe(`${nginx.url}${entry.path}`);
        expect(
          terms.accepts.map((a) => a.scheme),
          route,
        ).toEqual(["exact", "batch-settlement"]);
        const bazaar = terms.extensions?.bazaar as DiscoveryExtension;
        if (validateDiscoveryExtension(bazaar).valid) valid.push(route);
      }
      expect(priced).toHaveLength(21);
      expect(answered).toHaveLength(21);
      expect(valid).toEqual(answered);
    });

    it("the official client pays through nginx and the payer's balance falls by the price on chain", async () => {
      const payer = await t.newPayer();
      const before = await t.balance(payer.address);
      const r = await postJson(payer.fetch, `${nginx.url}/v1/hello`, { name: "nginx" });
      expect(r.status).toBe(200);
      expect(r.headers.get("payment-response")).toBeTruthy();
      expect((await r.json()).hello).toBe("nginx");
      const hello = catalogFor(revision).find((e) => e.path === "/v1/hello");
      expect(before - (await t.balance(payer.address))).toBe(dollarsToAtomic(hello?.price ?? ""));
    });
  });
}
