// Piscina's entry file from the sources (the bundle builds worker.ts under this name instead): the
// worker runs worker.ts bundled once for every thread and process (../thread-bundle.mjs), not
// module by module through tsx.
import { threadBundle } from "../thread-bundle.mjs";

const worker = await import(await threadBundle(new URL("./worker.ts", import.meta.url)));

export default worker.default;
