// A stand-in for a hosted facilitator on loopback: it checks each call's auth as the hosted one
// documents it, then forwards the call to a real facilitator (the devnet's, over HTTP), so a
// payment it lets through settles on the devnet chain. It can also drop kinds from /supported (a
// facilitator without the service's network) and hold /supported until released (start-up order).
//
// CDP's auth, as its SDK and docs define it: `Authorization: Bearer <JWT>`, one JWT per call,
// signed with the API key (ES256 for an EC key, EdDSA for an Ed25519 key), protected header `kid` =
// the key id, claims iss "cdp", sub = the key id, nbf/exp (at most 120 s apart, not expired), and
// `uris` = ["<METHOD> api.cdp.coinbase.com<path>"] naming exactly the call made. Verified with jose.
//
// PayAI's auth, as @payai/facilitator defines it: `Authorization: Bearer <JWT>`, EdDSA with the
// merchant's Ed25519 key, protected header `kid` = the key id, claims sub = the key id, iss
// "payai-merchant", iat/exp (at most 120 s apart, not expired) and a `jti`; the client reuses a token
// until 30 s before it expires, so a repeated jti is not a replay here.
import type { KeyObject } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { decodeProtectedHeader, type JWTPayload, jwtVerify } from "jose";
import { afterAll, beforeAll } from "vitest";
import { type Devnet, startDevnet } from "../../service/devnet/devnet.ts";

export interface CdpKey {
  apiKeyId: string;
  publicKey: KeyObject;
  alg: "ES256" | "EdDSA";
}

export interface PayaiKey {
  apiKeyId: string;
  publicKey: KeyObject;
}

export interface StandinOptions {
  /** The facilitator the checked calls go to. */
  forwardTo: string;
  /** The path the facilitator API is served under (CDP: /platform/v2/x402). */
  prefix?: string;
  /** Demand CDP's JWT, made with this key. */
  cdp?: CdpKey;
  /** Demand PayAI's JWT, made with this key. */
  payai?: PayaiKey;
  /** Demand these static headers. */
  headers?: Record<string, string>;
  /** Drop the kinds on these networks from /supported. */
  withoutNetworks?: string[];
  /** /supported waits for this before answering. */
  holdSupported?: Promise<void>;
}

export interface Standin {
  url: string;
  /** Each call that came in: its operation, whether its auth passed, and the headers it carried. */
  calls: { op: string; authorized: boolean; headers: IncomingMessage["headers"] }[];
  /** TCP connections accepted so far. */
  connections(): number;
  close(): Promise<void>;
}

/** CDP's API host, named in the JWT's `uris` whatever address the stand-in listens on. */
const CDP_HOST = "api.cdp.coinbase.com";

/** The claims of the call's `Authorization: Bearer` JWT signed by `kid`'s key, or null. */
async function bearerClaims(
  req: IncomingMessage,
  kid: string,
  key: KeyObject,
  options: Parameters<typeof jwtVerify>[2],
): Promise<JWTPayload | null> {
  const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? "")?.[1];
  if (!token) return null;
  try {
    if (decodeProtectedHeader(token).kid !== kid) return null;
    return (await jwtVerify(token, key, options)).payload;
  } catch {
    return null;
  }
}

async function cdpAuthorized(req: IncomingMessage, key: CdpKey): Promise<boolean> {
  const payload = await bearerClaims(req, key.apiKeyId, key.publicKey, {
    algorithms: [key.alg],
    issuer: "cdp",
    subject: key.apiKeyId,
    requiredClaims: ["nbf", "exp", "uris"],
  });
  if (!payload) return false;
  const lifetime = (payload.exp as number) - (payload.nbf as number);
  const uri = `${req.method} ${CDP_HOST}${req.url}`;
  return lifetime > 0 && lifetime <= 120 && JSON.stringify(payload.uris) === JSON.stringify([uri]);
}

async function payaiAuthorized(req: IncomingMessage, key: PayaiKey): Promise<boolean> {
  const payload = await bearerClaims(req, key.apiKeyId, key.publicKey, {
    algorithms: ["EdDSA"],
    issuer: "payai-merchant",
    subject: key.apiKeyId,
    requiredClaims: ["iat", "exp", "jti"],
  });
  if (!payload) return false;
  const lifetime = (payload.exp as number) - (payload.iat as number);
  return lifetime > 0 && lifetime <= 120;
}

export async function startStandinFacilitator(opts: StandinOptions): Promise<Standin> {
  const prefix = opts.prefix ?? "";
  const calls: Standin["calls"] = [];
  const server: Server = createServer(async (req, res) => {
    const op = (req.url ?? "").startsWith(`${prefix}/`) ? (req.url ?? "").slice(prefix.length + 1) : "";
    const body = await new Promise<Buffer>((resolve) => {
      const parts: Buffer[] = [];
      req.on("data", (d: Buffer) => parts.push(d));
      req.on("end", () => resolve(Buffer.concat(parts)));
    });
    const staticOk = Object.entries(opts.headers ?? {}).every(([k, v]) => req.headers[k.toLowerCase()] === v);
    const authorized =
      staticOk &&
      (opts.cdp ? await cdpAuthorized(req, opts.cdp) : true) &&
      (opts.payai ? await payaiAuthorized(req, opts.payai) : true);
    calls.push({ op, authorized, headers: req.headers });
    if (!["verify", "settle", "supported"].includes(op)) {
      res.writeHead(404).end();
      return;
    }
    if (!authorized) {
      res.writeHead(401, { "content-type": "application/json" }).end('{"errorMessage":"unauthorized"}');
      return;
    }
    if (op === "supported") await opts.holdSupported;
    const upstream = await fetch(`${opts.forwardTo}/${op}`, {
      method: req.method ?? "GET",
      headers: { "content-type": "application/json" },
      ...(req.method === "POST" ? { body: body.toString("utf8") } : {}),
    });
    let text = await upstream.text();
    if (op === "supported" && upstream.ok && opts.withoutNetworks) {
      const supported = JSON.parse(text) as { kinds: { network: string }[] };
      supported.kinds = supported.kinds.filter((k) => !opts.withoutNetworks?.includes(k.network));
      text = JSON.stringify(supported);
    }
    res.writeHead(upstream.status, { "content-type": "application/json" }).end(text);
  });
  // Idle connections kept a minute, as a hosted facilitator behind a balancer keeps them.
  server.keepAliveTimeout = 60_000;
  let connections = 0;
  server.on("connection", () => {
    connections++;
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}${prefix}`,
    calls,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A test file's own devnet (chain, test USDC, its facilitator over HTTP) for services that use it
 * as a remote facilitator: started before the file's tests, stopped after them and after
 * whatever was handed to `closeLater` (services, stand-ins), last first.
 */
export function withFacilitatorDevnet(): { devnet(): Devnet; closeLater(close: () => Promise<void>): void } {
  let devnet: Devnet | undefined;
  const closers: (() => Promise<void>)[] = [];
  beforeAll(async () => {
    devnet = await startDevnet({
      network: "eip155:8453",
      home: mkdtempSync(path.join(tmpdir(), "geo402-remote-")),
    });
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
    await devnet?.stop();
  });
  return {
    devnet: () => {
      if (!devnet) throw new Error("the devnet starts before the file's tests");
      return devnet;
    },
    closeLater: (close) => void closers.push(close),
  };
}
