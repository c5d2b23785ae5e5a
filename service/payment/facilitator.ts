// A real x402 facilitator for the devnet: @x402/core's x402Facilitator with @x402/evm's exact
// (EIP-3009) scheme, signing settlements with a viem account on the local chain. It is used
// in-process by the service and also served over HTTP on loopback (the advertised facilitator URL).
import { x402Facilitator } from "@x402/core/facilitator";
import type { FacilitatorClient } from "@x402/core/server";
import { toFacilitatorEvmSigner } from "@x402/evm";
import { ExactEvmScheme } from "@x402/evm/exact/facilitator";
import Fastify, { type FastifyInstance } from "fastify";
import { createWalletClient, http, nonceManager, publicActions } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { localChain } from "./test-usdc.ts";

export interface LocalFacilitator {
  facilitator: x402Facilitator;
  address: `0x${string}`;
  client: FacilitatorClient;
}

export function createLocalFacilitator(opts: {
  rpcUrl: string;
  chainId: number;
  network: `eip155:${number}`;
  privateKey: `0x${string}`;
}): LocalFacilitator {
  // nonceManager: concurrent settlements from one key would otherwise race on the transaction nonce.
  const account = privateKeyToAccount(opts.privateKey, { nonceManager });
  const viemClient = createWalletClient({
    account,
    chain: localChain(opts.chainId, opts.rpcUrl),
    transport: http(opts.rpcUrl),
    pollingInterval: 20,
  }).extend(publicActions);
  const signer = toFacilitatorEvmSigner({
    address: account.address,
    getCode: (a) => viemClient.getCode(a),
    readContract: (a) =>
      viemClient.readContract({ ...a, args: a.args ?? [] } as Parameters<typeof viemClient.readContract>[0]),
    verifyTypedData: (a) => viemClient.verifyTypedData(a as Parameters<typeof viemClient.verifyTypedData>[0]),
    writeContract: (a) =>
      viemClient.writeContract({ ...a, args: a.args ?? [] } as Parameters<
        typeof viemClient.writeContract
      >[0]),
    sendTransaction: (a) => viemClient.sendTransaction(a),
    waitForTransactionReceipt: (a) => viemClient.waitForTransactionReceipt(a),
  });
  // Only what this facilitator settles: x402 v2 `exact` on the devnet's one network. (The library's
  // registerExactEvmScheme also registers the v1 scheme on every EVM network it knows, which a
  // devnet facilitator would then advertise in /supported without running those chains.)
  const facilitator = new x402Facilitator().register(opts.network, new ExactEvmScheme(signer));
  const client: FacilitatorClient = {
    verify: (payload, requirements) => facilitator.verify(payload, requirements),
    settle: (payload, requirements) => facilitator.settle(payload, requirements),
    getSupported: async () =>
      facilitator.getSupported() as Awaited<ReturnType<FacilitatorClient["getSupported"]>>,
  };
  return { facilitator, address: account.address, client };
}

/** The standard facilitator HTTP API (POST /verify, POST /settle, GET /supported) on loopback. */
export async function serveFacilitator(
  facilitator: x402Facilitator,
  host = "127.0.0.1",
): Promise<{ url: string; app: FastifyInstance }> {
  const app = Fastify({ logger: false });
  type Body = { paymentPayload?: unknown; paymentRequirements?: unknown };
  const route = (op: "verify" | "settle") =>
    app.post<{ Body: Body }>(`/${op}`, async (req, reply) => {
      const { paymentPayload, paymentRequirements } = req.body ?? {};
      if (!paymentPayload || !paymentRequirements) {
        return reply.code(400).send({ error: "paymentPayload and paymentRequirements are required" });
      }
      return facilitator[op](paymentPayload as never, paymentRequirements as never);
    });
  route("verify");
  route("settle");
  app.get("/supported", async () => facilitator.getSupported());
  await app.listen({ host, port: 0 });
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return { url: `http://${host}:${port}`, app };
}
