// A loopback facilitator proxy that forwards to a real facilitator and injects faults on demand:
// unreachable (closed), slow, or answering 500 at verify or settle. For payment-fault tests.
import Fastify, { type FastifyInstance } from "fastify";

export type Fault = "none" | "http500" | "slow" | "drop";

export interface FaultProxy {
  url: string;
  faults: { verify: Fault; settle: Fault; slowMs: number };
  calls: { verify: number; settle: number };
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const app: FastifyInstance = Fastify({ logger: false });
  const state: FaultProxy["faults"] = { verify: "none", settle: "none", slowMs: 0 };
  const calls = { verify: 0, settle: 0 };
  for (const op of ["verify", "settle"] as const) {
    app.post(`/${op}`, async (req, reply) => {
      calls[op]++;
      const fault = state[op];
      if (fault === "http500") return reply.code(500).send({ error: "injected fault" });
      if (fault === "drop") {
        req.raw.socket.destroy();
        return reply;
      }
      if (fault === "slow") await new Promise((r) => setTimeout(r, state.slowMs));
      const res = await fetch(`${upstream}/${op}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(req.body),
      });
      return reply.code(res.status).send(await res.json());
    });
  }
  app.get("/supported", async () => (await fetch(`${upstream}/supported`)).json());
  await app.listen({ host: "127.0.0.1", port: 0 });
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, faults: state, calls, close: () => app.close() };
}
