// A vitest reporter (Makefile: make test): per tier (vitest project), its files, its tests, and where
// their time went: importing the test files (collect), running tests and hooks (a file's service
// start is its beforeAll), and the tier's span from its first file's start to its last file's end.
// The JSON report has neither the tier nor the import time of a file.
export default class TierTimes {
  onTestRunEnd(modules) {
    const tiers = new Map();
    for (const m of modules) {
      const name = m.project.name || "default";
      const tier = tiers.get(name) ?? { files: 0, tests: 0, collect: 0, run: 0, start: Infinity, end: 0 };
      const d = m.diagnostic();
      const started = m.task.result?.startTime ?? 0;
      tier.files++;
      tier.tests += [...m.children.allTests()].length;
      tier.collect += d.collectDuration;
      tier.run += d.duration;
      tier.start = Math.min(tier.start, started - d.collectDuration);
      tier.end = Math.max(tier.end, started + d.duration);
      tiers.set(name, tier);
    }
    console.log("tiers (seconds; import and run summed over files, span from first start to last end):");
    for (const [name, t] of tiers) {
      const s = (ms) => (ms / 1000).toFixed(0).padStart(5);
      console.log(
        `  ${name.padEnd(5)} ${String(t.files).padStart(4)} files ${String(t.tests).padStart(5)} tests  import ${s(t.collect)}  run ${s(t.run)}  span ${s(t.end - t.start)}`,
      );
    }
  }
}
