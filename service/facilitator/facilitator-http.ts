// The devnet facilitator's HTTP API on loopback (the facilitator URL the service advertises), over
// the client of its thread (facilitator-thread.ts). Kept apart from facilitator.ts so that the
// service's main thread never loads the facilitator itself (its schemes, signer and viem clients).
import { type FacilitatorClient, FacilitatorResponseError } from "@x402/core/server";
import Fastify, { type FastifyInstance } from "fastify";

/**
 * The standard facilitator HTTP API (POST /verify, POST /settle, GET /supported) on loopback, over
 * the restricted client: it settles this service's payments only. A chain fault is a 502.
 */
export async function serveFacilitator(
  facilitator: FacilitatorClient,
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
      try {
        return await facilitator[op](paymentPayload as never, paymentRequirements as never);
      } catch (err) {
        if (!(err instanceof FacilitatorResponseError)) throw err;
        return reply.code(502).send({ error: `${op} could not run: the devnet chain is unavailable` });
      }
    });
  route("verify");
  route("settle");
  app.get("/supported", async () => facilitator.getSupported());
  await app.listen({ host, port: 0 });
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return { url: `http://${host}:${port}`, app };
}
