// The facilitator thread's entry file from the sources (facilitator-thread.ts; the bundle builds
// facilitator-worker.ts under this name instead): the thread runs facilitator-worker.ts bundled
// once for every thread and process (../thread-bundle.mjs), not module by module through tsx.
import { threadBundle } from "../thread-bundle.mjs";

await import(await threadBundle(new URL("./facilitator-worker.ts", import.meta.url)));
