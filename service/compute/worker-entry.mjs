// Piscina's entry file. Workers start without the parent's TypeScript loader when the parent is not
// `tsx` itself (vitest, tooling), so register tsx here, then load the TypeScript worker.
import { register } from "tsx/esm/api";

register();
const worker = await import("./worker.ts");

export default worker.default;
