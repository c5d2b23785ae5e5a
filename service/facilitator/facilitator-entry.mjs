// The facilitator thread's entry file (facilitator-thread.ts). Workers start without the parent's
// TypeScript loader when the parent is not `tsx` itself (vitest, tooling), so register tsx here,
// then load the TypeScript worker. The bundle builds facilitator-worker.ts under this name instead.
import { register } from "tsx/esm/api";

register();
await import("./facilitator-worker.ts");
