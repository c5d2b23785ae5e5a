// The URL of this service's own listener, for calls the service makes to itself (GET /demo).
// It comes from the socket the server is bound to, never from a request header: a wildcard bind
// is reached on loopback.
import type { AddressInfo } from "node:net";

export function selfUrlOf(address: AddressInfo | string | null): string {
  if (!address || typeof address === "string") throw new Error("the service is not listening on TCP");
  const host =
    address.address === "0.0.0.0"
      ? "127.0.0.1"
      : address.address === "::"
        ? "[::1]"
        : address.family === "IPv6"
          ? `[${address.address}]`
          : address.address;
  return `http://${host}:${address.port}`;
}
