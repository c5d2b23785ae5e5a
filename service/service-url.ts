// The service's own base URL, used in payment terms (`resource`), OpenAPI `servers` and /mcp:
// GEO402_PUBLIC_URL when configured (behind a proxy), else the address the listener is bound to.
// Never the request's Host header: a caller must not choose the URL the service names or buys from.
import type { FastifyInstance } from "fastify";
import type { Config } from "./config.ts";
import { selfUrlOf } from "./self-url.ts";

export function serviceBaseUrl(
  app: FastifyInstance,
  config: Pick<Config, "publicUrl" | "host" | "port">,
): () => string {
  if (config.publicUrl) {
    const url = config.publicUrl;
    return () => url;
  }
  let listener: string | undefined;
  return () => {
    if (listener) return listener;
    const addr = app.server.address();
    // Not listening (yet): the configured address.
    if (!addr || typeof addr !== "object")
      return `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${config.port}`;
    listener = selfUrlOf(addr);
    return listener;
  };
}
