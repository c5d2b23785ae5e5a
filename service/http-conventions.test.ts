// CORS as a browser meets it, on Fastify's inject (no listener): the preflight the official x402
// clients cause on a paid retry (issue 29's repro) and the headers a page may read afterwards.
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { registerHttpConventions } from "./http-conventions.ts";

const app = Fastify();
beforeAll(async () => {
  await registerHttpConventions(app, { corsOrigins: "*" });
  app.post("/v1/hello", (_req, reply) => {
    reply.header("payment-response", "e30=").send({});
  });
  await app.ready();
});
afterAll(() => app.close());

const ORIGIN = "http://127.0.0.1:4520";
const list = (value: string | number | string[] | undefined) =>
  String(value ?? "")
    .toLowerCase()
    .split(/,\s*/);

describe("CORS for the official x402 clients", () => {
  it("allows the paid retry's preflight: access-control-expose-headers, content-type, payment-signature", async () => {
    const sent = ["access-control-expose-headers", "content-type", "payment-signature"];
    const r = await app.inject({
      method: "OPTIONS",
      url: "/v1/hello",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "POST",
        "access-control-request-headers": sent.join(","),
      },
    });
    expect(r.statusCode).toBe(204);
    expect(r.headers["access-control-allow-origin"]).toBe("*");
    expect(list(r.headers["access-control-allow-methods"])).toContain("post");
    expect(list(r.headers["access-control-allow-headers"])).toEqual(expect.arrayContaining(sent));
  });

  it("allows a v1 client's x-payment and the caller's x-request-id", async () => {
    const r = await app.inject({
      method: "OPTIONS",
      url: "/v1/hello",
      headers: {
        origin: ORIGIN,
        "access-control-request-method": "GET",
        "access-control-request-headers": "x-payment,x-request-id",
      },
    });
    expect(list(r.headers["access-control-allow-headers"])).toEqual(
      expect.arrayContaining(["x-payment", "x-request-id"]),
    );
  });

  it("exposes the terms, the settlement, retry-after, the request id and the data version", async () => {
    const r = await app.inject({
      method: "POST",
      url: "/v1/hello",
      headers: { origin: ORIGIN },
      payload: {},
    });
    expect(r.headers["access-control-allow-origin"]).toBe("*");
    expect(list(r.headers["access-control-expose-headers"])).toEqual(
      expect.arrayContaining([
        "payment-required",
        "payment-response",
        "retry-after",
        "x-request-id",
        "x-data-version",
      ]),
    );
  });
});
