// A loopback facilitator proxy that forwards to a real facilitator and injects faults on demand:
// unreachable (closed), slow, or answering 500 at verify or settle. For payment-fault tests. Hooks
// run before a settle is forwarded and after the facilitator answered it, before it is relayed
// (a test kills the service there).
import Fastify, { type FastifyInstance } from "fastify";

export type Fault = "none" | "http500" | "slow" | "drop";

export interface FaultProxy {
  url: string;
  faults: { verify: Fault; settle: Fault; slowMs: number };
  calls: { verify: number; settle: number };
  hooks: {
    beforeSettle?: () => Promise<void>;
    /** Receives the facilitator's settle answer (its transaction) before it is relayed. */
    afterSettle?: (answer: { success?: boolean; transaction?: string }) => Promise<void>;
  };
  close(): Promise<void>;
}

export async function startFaultProxy(upstream: string): Promise<FaultProxy> {
  const app: FastifyInstance = Fastify({ logger: false });
  const state: FaultProxy["faults"] = { verify: "none", settle: "none", slowMs: 0 };
  const calls = { verify: 0, settle: 0 };
  const hooks: FaultProxy["hooks"] = {};
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
      if (op === "settle") await hooks.beforeSettle?.();
      const res = await fetch(`${upstream}/${op}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(req.body),
      });
      const answer = await res.json();
      if (op === "settle") await hooks.afterSettle?.(answer);
      return reply.code(res.status).send(answer);
    });
  }
  app.get("/supported", async () => (await fetch(`${upstream}/supported`)).json());
  await app.listen({ host: "127.0.0.1", port: 0 });
  const addr = app.server.address();
  const port = typeof addr === "object" && addr ? addr.port : 0;
  return { url: `http://127.0.0.1:${port}`, faults: state, calls, hooks, close: () => app.close() };
}
