// The HTTP tier's fixture (vitest project "http", files *.http.test.ts): ONE test service per test
// worker, shared by every file that worker runs. The project runs with `isolate: false`, so this
// module, and the service it starts once, outlive a file: the devnet (anvil, test USDC, the real
// facilitator) and the compute pool's warm start are paid once per worker instead of once per file.
// A file gets its own freshly funded payer, so its balances move only by its own calls; the files of
// one worker run one after another, so payTo deltas stay exact. A test that changes the service or
// the chain (automine, env, data, close) belongs in the e2e tier with its own service.
import { beforeAll } from "vitest";
import { type Payer, startTestService, type TestService } from "./service.ts";

let shared: Promise<TestService> | undefined;

/** The worker's test service, started on the first call. */
export function sharedTestService(): Promise<TestService> {
  shared ??= startTestService();
  return shared;
}

/** The worker's shared service and a payer funded for this file, handed to `set` before its tests. */
export function withSharedServiceAndPayer(set: (t: TestService, payer: Payer) => void): void {
  beforeAll(async () => {
    const t = await sharedTestService();
    set(t, await t.newPayer());
  });
}
