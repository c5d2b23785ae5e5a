// The facilitator client keeps its connection (issue 32 item 5): the service in production mode
// (FACILITATOR_URL) in front of a stand-in that forwards to the devnet's real facilitator and
// counts the TCP connections it accepts. Consecutive paid calls (a verify and a settle each) go
// over the connection already open: the count does not grow, while every payment settles on chain.
import { generatePrivateKey, privateKeyToAccount } from "viem/accounts";
import { beforeAll, expect, it } from "vitest";
import type { RunningService } from "../../service/runtime.ts";
import { payingFetch, postJson, startRemoteService } from "../support/service.ts";
import {
  type Standin,
  startStandinFacilitator,
  withFacilitatorDevnet,
} from "../support/standin-facilitator.ts";

const HELLO_PRICE = 1_000n;
const remote = withFacilitatorDevnet();
let standin: Standin;
let service: RunningService;

beforeAll(async () => {
  const devnet = remote.devnet();
  standin = await startStandinFacilitator({ forwardTo: devnet.facilitatorUrl });
  remote.closeLater(() => standin.close());
  service = await startRemoteService({ FACILITATOR_URL: standin.url, PAY_TO: devnet.payTo });
  remote.closeLater(() => service.close());
});

it("consecutive paid calls verify and settle over the one connection already open", async () => {
  const devnet = remote.devnet();
  const key = generatePrivateKey();
  const address = privateKeyToAccount(key).address;
  await devnet.token.mint(address, 10_000n);
  const pay = payingFetch(key);
  const hello = () => postJson(pay, `${service.url}/v1/hello`, { name: "Ada" });
  // The first payment: whatever start-up opened (readiness and the gate may ask /supported at once).
  expect((await hello()).status).toBe(200);
  const connections = standin.connections();
  const calls = standin.calls.length;
  for (let i = 0; i < 3; i++) expect((await hello()).status).toBe(200);
  const ops = standin.calls.slice(calls).map((c) => c.op);
  expect(ops.filter((op) => op === "verify")).toHaveLength(3);
  expect(ops.filter((op) => op === "settle")).toHaveLength(3);
  expect(standin.connections()).toBe(connections);
  expect(connections).toBeLessThanOrEqual(2);
  expect(await devnet.token.balanceOf(address)).toBe(10_000n - 4n * HELLO_PRICE);
});
