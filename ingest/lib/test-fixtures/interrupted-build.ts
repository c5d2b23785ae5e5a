// Child process of the "killed build" test: builds the text family with a stall midway and
// prints READY once the staging folder holds partial output, then waits to be killed.
import { buildFamily } from "../build.ts";
import { textFamily, textSource } from "./text-family.ts";

const [outRoot, mirror] = process.argv.slice(2) as [string, string];
await buildFamily(
  textFamily({
    midway: async () => {
      process.stdout.write("READY\n");
      await new Promise(() => setInterval(() => {}, 1000));
    },
  }),
  {
    outRoot,
    mirror,
    sources: [textSource()],
    log: () => {},
    progress: () => {},
    command: "test",
    gitSha: null,
  },
);
