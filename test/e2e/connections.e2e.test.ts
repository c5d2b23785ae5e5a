// Connection caps (issue 17 item 5): past GEO402_MAX_CONNECTIONS a new socket is closed at once
// (idle sockets cannot exhaust file descriptors), a freed slot is served again, and an idle
// keep-alive connection is closed by the server after GEO402_KEEPALIVE_TIMEOUT_MS. Slowloris
// (issue 30 item 3): headers not complete within GEO402_HEADERS_TIMEOUT_MS get 408. The keep-alive
// race (issue 28 item 7): a paid request written onto a socket the server closed is not charged.
import { connect, type Socket } from "node:net";
import { decodePaymentRequiredHeader } from "@x402/core/http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { exactSigner, type Payer, postJson, startTestService, type TestService } from "../support/service.ts";

const CAP = 5;
let t: TestService;
let payer: Payer;
let port: number;
beforeAll(async () => {
  t = await startTestService({
    env: {
      GEO402_MAX_CONNECTIONS: String(CAP),
      GEO402_KEEPALIVE_TIMEOUT_MS: "200",
      GEO402_HEADERS_TIMEOUT_MS: "500",
    },
  });
  payer = await t.newPayer();
  port = Number(new URL(t.url).port);
});
afterAll(() => t?.close());

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, "127.0.0.1", () => resolve(s));
    s.once("error", reject);
  });
}

/** Sends one keep-alive GET / on `s`; resolves with the status line, or null if the server closed the socket. */
function ask(s: Socket): Promise<string | null> {
  return new Promise((resolve) => {
    let text = "";
    const done = (v: string | null) => {
      s.removeAllListeners("data");
      resolve(v);
    };
    s.on("data", (d) => {
      text += d.toString();
      if (text.includes("\r\n\r\n")) done(text.split("\r\n")[0] ?? "");
    });
    s.once("close", () => done(null));
    s.once("error", () => done(null));
    s.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: keep-alive\r\n\r\n");
  });
}

const closed = (s: Socket) =>
  new Promise<void>((resolve) =>
    s.destroyed || s.readyState === "closed" ? resolve() : s.once("close", () => resolve()),
  );

/** A connection that was served (retrying, bounded, while the server has not yet seen freed slots). */
async function servedConnection(): Promise<{ socket: Socket; status: string | null }> {
  let socket = await open();
  let status = await ask(socket);
  for (let i = 0; i < 50 && status === null; i++) {
    await new Promise((r) => setTimeout(r, 20));
    socket = await open();
    status = await ask(socket);
  }
  return { socket, status };
}

describe("connection caps", () => {
  it(`holds ${CAP} connections, closes the next at once, and serves again once a slot is free`, async () => {
    const held = await Promise.all(Array.from({ length: CAP }, open));
    for (const s of held) expect(await ask(s)).toBe("HTTP/1.1 200 OK");
    const extra = await open();
    expect(await ask(extra)).toBeNull();
    held[0]?.destroy();
    await closed(held[0] as Socket);
    // The server notices the freed slot when the close reaches it.
    const again = await servedConnection();
    expect(again.status).toBe("HTTP/1.1 200 OK");
    again.socket.destroy();
    for (const s of held) s.destroy();
  });

  it("closes an idle keep-alive connection after the keep-alive timeout", async () => {
    const { socket, status } = await servedConnection();
    expect(status).toBe("HTTP/1.1 200 OK");
    await closed(socket);
    expect(socket.destroyed || socket.readyState === "closed").toBe(true);
  });

  it("answers 408 request_timeout to headers still trickling in after the headers timeout (slowloris)", async () => {
    const s = await open();
    let text = "";
    s.on("data", (d) => {
      text += d.toString();
    });
    s.write("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n");
    const trickle = setInterval(() => s.writable && s.write("X-Slow: 1\r\n"), 100);
    await closed(s);
    clearInterval(trickle);
    expect(text.split("\r\n")[0]).toBe("HTTP/1.1 408 Request Timeout");
    expect(JSON.parse(text.slice(text.indexOf("\r\n\r\n") + 4)).error.code).toBe("request_timeout");
  });

  it("a paid request sent on a keep-alive socket the server has closed is not charged; retried, it is answered once", async () => {
    const url = `${t.url}/v1/hello`;
    const quote = await postJson(fetch, url, { name: "Ada" });
    expect(quote.status).toBe(402);
    const signer = exactSigner(payer.key);
    const terms = decodePaymentRequiredHeader(quote.headers.get("payment-required") ?? "");
    const header = signer.encodePaymentSignatureHeader(await signer.createPaymentPayload(terms));
    const before = await t.balance(payer.address);

    // The race's loser: the client still holds the socket (half-open on its side) and writes the
    // paid request after the server's keep-alive timeout closed it.
    const s = connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    await new Promise((r) => s.once("connect", r));
    expect(await ask(s)).toBe("HTTP/1.1 200 OK");
    await new Promise((r) => s.once("end", r));
    let answer = "";
    s.on("data", (d) => {
      answer += d.toString();
    });
    s.on("error", () => {});
    const body = JSON.stringify({ name: "Ada" });
    const headers = Object.entries(header)
      .map(([k, v]) => `${k}: ${v}\r\n`)
      .join("");
    s.write(
      `POST /v1/hello HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n${headers}\r\n${body}`,
    );
    // Nothing comes back: the server ended the connection and reads no more of it.
    s.end();
    await closed(s);
    expect(answer).toBe("");
    expect(await t.balance(payer.address)).toBe(before);

    // What a balancer or client does on "other side closed": send again, with the same payment.
    const retried = await postJson(fetch, url, { name: "Ada" }, header);
    expect(retried.status).toBe(200);
    await retried.arrayBuffer();
    expect(before - (await t.balance(payer.address))).toBe(1000n);
  });
});
