// One remote address may hold at most `max` open connections: past it, a new connection from that
// address is closed as soon as it is accepted, so one client holding its sockets (silent, slowloris
// or idle keep-alive) cannot fill GEO402_MAX_CONNECTIONS and shut every other address out
// (docs/configuration.md#connections). Counted on the server's `connection` event and each
// socket's `close`; Node has no per-address cap of its own.
import type { Server } from "node:http";
import type { Socket } from "node:net";

export function capConnectionsPerAddress(server: Server, max: number): void {
  if (max === 0) return;
  const open = new Map<string, number>();
  // Before Node's HTTP listener, so a refused socket is never parsed.
  server.prependListener("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "";
    const count = open.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(address, count + 1);
    socket.once("close", () => {
      const left = (open.get(address) ?? 1) - 1;
      if (left === 0) open.delete(address);
      else open.set(address, left);
    });
  });
}
