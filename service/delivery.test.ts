// Delivery over a real socket: the abort signal a handler asks for after its client left is
// already aborted (the AbortController is made only on demand), and one asked for before is
// aborted when the client leaves. In process (app.inject, how MCP tool calls run), the caller's
// abort signal is the client leaving.
import { request } from "node:http";
import type { AddressInfo } from "node:net";
import Fastify from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { watchDelivery } from "./delivery.ts";

const apps: ReturnType<typeof Fastify>[] = [];
afterEach(async () => {
  await Promise.all(apps.splice(0).map((a) => a.close()));
});

/** A server whose one route reports its delivery's state once the client has gone. */
async function serve(askEarly: boolean) {
  const app = Fastify();
  apps.push(app);
  app.addHook("onRequest", watchDelivery);
  const seen = new Promise<{ gone: boolean; aborted: boolean; early: boolean | null }>((resolve) => {
    app.get("/", async (req) => {
      const early = askEarly ? req.delivery.signal : null;
      await new Promise((r) => req.raw.socket.once("close", r));
      resolve({
        gone: req.delivery.gone(),
        aborted: req.delivery.signal.aborted,
        early: early?.aborted ?? null,
      });
      return {};
    });
  });
  await app.listen({ host: "127.0.0.1", port: 0 });
  const { port } = app.server.address() as AddressInfo;
  return { port, seen };
}

/** Sends GET / and destroys the connection once the server has the request. */
function leave(port: number): void {
  const req = request({ host: "127.0.0.1", port, path: "/" });
  req.on("error", () => {});
  req.end(() => setTimeout(() => req.destroy(), 100));
}

describe("Delivery", () => {
  it("a signal asked for after the client left is already aborted", async () => {
    const { port, seen } = await serve(false);
    leave(port);
    expect(await seen).toEqual({ gone: true, aborted: true, early: null });
  });

  it("a signal asked for before the client left is aborted when it leaves", async () => {
    const { port, seen } = await serve(true);
    leave(port);
    expect(await seen).toEqual({ gone: true, aborted: true, early: true });
  });
});

describe("Delivery of an app.inject() request", () => {
  it("the caller's abort signal, fired while the handler runs, is the client leaving", async () => {
    const app = Fastify();
    apps.push(app);
    app.addHook("onRequest", watchDelivery);
    const caller = new AbortController();
    const seen = new Promise<{ gone: boolean; aborted: boolean }>((resolve) => {
      app.post("/", async (req) => {
        const signal = req.delivery.signal;
        caller.abort();
        resolve({ gone: req.delivery.gone(), aborted: signal.aborted });
        return {};
      });
    });
    await app.inject({ method: "POST", url: "/", payload: { a: 1 }, signal: caller.signal });
    expect(await seen).toEqual({ gone: true, aborted: true });
  });

  it("an answer delivered before the caller aborts is not gone", async () => {
    const app = Fastify();
    apps.push(app);
    app.addHook("onRequest", watchDelivery);
    let delivery: { gone(): boolean } | undefined;
    app.post("/", async (req) => {
      delivery = req.delivery;
      return {};
    });
    const caller = new AbortController();
    const res = await app.inject({ method: "POST", url: "/", payload: { a: 1 }, signal: caller.signal });
    caller.abort();
    expect(res.statusCode).toBe(200);
    expect(delivery?.gone()).toBe(false);
  });
});
