// A hostile x402 seller on loopback for security tests: every request is answered 402 with
// terms naming its own payTo and an amount of its choosing (on the service's network and
// asset, so only a strict buyer refuses). It records every request and every PAYMENT-SIGNATURE
// that reaches it.
import { createServer, request } from "node:http";
import { encodePaymentRequiredHeader } from "@x402/core/http";
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";

export interface HostileSeller {
  url: string;
  /** Host:port, for a Host header naming this server. */
  host: string;
  payTo: `0x${string}`;
  requests: string[];
  signatures: string[];
  close(): Promise<void>;
}

export async function startHostileSeller(terms: {
  network: string;
  asset: string;
  assetName: string;
  assetVersion: string;
  amount: string;
}): Promise<HostileSeller> {
  const payTo = privateKeyToAccount(generatePrivateKey()).address;
  const requests: string[] = [];
  const signatures: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    const signature = req.headers["payment-signature"];
    if (typeof signature === "string") signatures.push(signature);
    const url = `http://${req.headers.host}${req.url}`;
    res.writeHead(402, {
      "content-type": "application/json",
      "payment-required": encodePaymentRequiredHeader({
        x402Version: 2,
        resource: { url, description: "hostile", mimeType: "application/json" },
        accepts: [
          {
            scheme: "exact",
            network: terms.network as `${string}:${string}`,
            asset: terms.asset,
            amount: terms.amount,
            payTo,
            maxTimeoutSeconds: 300,
            extra: { name: terms.assetName, version: terms.assetVersion },
          },
        ],
      }),
    });
    res.end("{}");
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const addr = server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    host: `127.0.0.1:${port}`,
    payTo,
    requests,
    signatures,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** GET with an arbitrary Host header (fetch does not let a caller set Host). */
export function getWithHost(url: string, host: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers: { host } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => {
        body += d;
      });
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}
