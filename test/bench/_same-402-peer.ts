// A bare Fastify route answering every POST /v1/hello with the 402 that geo402 answers: the same
// status, headers (PAYMENT-REQUIRED among them) and body, taken from ANSWER (JSON), so the bench
// can set geo402's 402 against the cost of writing those same bytes with no gate, hooks or log.
import Fastify from "fastify";

const answer = JSON.parse(process.env.ANSWER ?? "") as {
  status: number;
  headers: Record<string, string>;
  body: string;
};
const app = Fastify();
app.post("/v1/hello", (_req, reply) => {
  reply.code(answer.status).headers(answer.headers).send(answer.body);
});
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT) });
