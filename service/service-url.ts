// The service's own URLs, from one place.
// - `base`: named in payment terms (`resource`), OpenAPI `servers` and /mcp — GEO402_PUBLIC_URL
//   when configured (behind a proxy), else the listener.
// - `self`: the listener itself, for calls the service makes to itself (GET /demo buys from it).
// Both come from configuration or the socket the server is bound to, never from a request's Host
// header: a caller must not choose the URL the service names or buys from. A wildcard bind is
// reached on loopback.
import type { AddressInfo } from "node:net";
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";

export interface ServiceUrls {
  base(): string;
  self(): string;
}

export function serviceUrls(
  app: FastifyInstance,
  config: Pick<Config, "publicUrl" | "host" | "port">,
): ServiceUrls {
  let listener: string | undefined;
  const bound = (): string | undefined => {
    if (listener) return listener;
    const address = app.server.address();
    if (!address || typeof address === "string") return undefined;
    listener = listenerUrl(address);
    return listener;
  };
  return {
    base: () =>
      config.publicUrl ||
      bound() ||
      // Not listening (yet): the configured address.
      `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`,
    self: () => {
      const url = bound();
      if (!url) throw new Error("the service is not listening on TCP");
      return url;
    },
  };
}

function listenerUrl(address: AddressInfo): string {
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
