// Slow and lying clients, and what the logs may never hold.
import { connect } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postJson, startTestService, type TestService } from "../support/service.ts";

const lines: string[] = [];
let t: TestService;
beforeAll(async () => {
  t = await startTestService({
    env: { LOG_LEVEL: "info", GEO402_REQUEST_TIMEOUT_MS: "1500" },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t?.close());

/** Sends raw bytes on a fresh connection; resolves with everything the server wrote before closing. */
function rawExchange(parts: string[], gapMs: number): Promise<string> {
  const u = new URL(t.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(u.port), u.hostname);
    let received = "";
    socket.on("data", (d) => {
      received += d.toString();
    });
    socket.on("close", () => resolve(received));
    socket.on("error", reject);
    let i = 0;
    const next = () => {
      if (i < parts.length && !socket.destroyed) socket.write(parts[i++] ?? "");
      if (i < parts.length) setTimeout(next, gapMs);
    };
    next();
  });
}

describe("body limits and slow clients", () => {
  it("a client that trickles its body is answered 408 and disconnected, not waited for", async () => {
    const head = `POST /v1/hello HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 400\r\n\r\n`;
    const trickle = Array.from({ length: 200 }, () => " ");
    const answer = await rawExchange([head, ...trickle], 50);
    expect(answer).toMatch(/^HTTP\/1\.1 408/);
    expect(answer).toContain('"code":"request_timeout"');
  });

  it("a Content-Length shorter than the body: refused with 400, the rest is not read as a request", async () => {
    const body = '{"name":"Ada","padding":"xxxxxxxx"}';
    const head = `POST /v1/hello HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 10\r\nConnection: close\r\n\r\n`;
    const answer = await rawExchange([head + body], 0);
    expect(answer).toMatch(/^HTTP\/1\.1 400/);
    expect(answer).toMatch(/"code":"(invalid_json|malformed_request)"/);
  });
});

describe("request log", () => {
  it("one structured line per request with route, price, outcome and transaction; never keys or signatures", async () => {
    const payer = await t.newPayer();
    lines.length = 0;
    const r = await postJson(payer.fetch, `${t.url}/v1/hello`, { name: "log" });
    expect(r.status).toBe(200);
    const records = lines.map((l) => JSON.parse(l)).filter((l) => l.msg === "request");
    expect(records.map((l) => l.outcome)).toEqual(["quoted", "settled"]);
    expect(records[1]).toMatchObject({ route: "POST /v1/hello", price: "$0.001", status: 200 });
    expect(records[1].transaction).toMatch(/^0x[0-9a-f]{64}$/);
    expect(typeof records[1].durationMs).toBe("number");
    const all = lines.join("\n");
    expect(all).not.toContain(payer.key.slice(2));
    expect(all.toLowerCase()).not.toContain("payment-signature");
    expect(all).not.toMatch(/"signature"/);
  });
});
