import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: [
      "service/**/*.test.ts",
      "cli/**/*.test.ts",
      "ingest/**/*.test.ts",
      "artifacts/**/*.test.ts",
      "test/**/*.test.ts",
    ],
    exclude: ["**/node_modules/**", "test/bench/**"],
    testTimeout: 60_000,
    hookTimeout: 180_000,
    pool: "forks",
  },
});
