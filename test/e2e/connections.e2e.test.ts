// Connection caps (issue 17 item 5): past GEO402_MAX_CONNECTIONS a new socket is closed at once
// (idle sockets cannot exhaust file descriptors), a freed slot is served again, and an idle
// keep-alive connection is closed by the server after GEO402_KEEPALIVE_TIMEOUT_MS.
import { connect, type Socket } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestService, type TestService } from "../support/service.ts";

const CAP = 5;
let t: TestService;
let port: number;
beforeAll(async () => {
  t = await startTestService({
    env: { GEO402_MAX_CONNECTIONS: String(CAP), GEO402_KEEPALIVE_TIMEOUT_MS: "200" },
  });
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
});
