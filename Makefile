# geo402 — every target installs what it needs from the project's own files first.
.PHONY: serve test test-unit bench scale artifacts check install build

NPM_STAMP := node_modules/.package-lock.json

# Install the locked dependencies (npm registry only; anvil ships inside an npm package).
# (`npm ci` refuses lock files without every platform's optional packages, which npm 11 omits here.)
install: $(NPM_STAMP)
$(NPM_STAMP): package.json package-lock.json
	npm install --no-audit --no-fund

# Build the data artifacts that are missing, from ../shared/data (or GEO402_MIRROR).
artifacts: install
	@if [ -f ingest/cli.ts ]; then npx tsx ingest/cli.ts build all --missing-only; fi

# Bundle the service into plain JavaScript (build/service/server.mjs, esbuild; tsx is for development).
BUNDLE := build/service/server.mjs
build: $(BUNDLE)
$(BUNDLE): $(NPM_STAMP) $(shell find service artifacts/format -name '*.ts' ! -name '*.test.ts' 2>/dev/null)
	npm run build

# Run the service with the embedded devnet (anvil, test USDC, facilitator) and real payments.
serve: install artifacts build
	npm start

# Run every tier (unit; http on one shared service per test worker; e2e on the devnet; ops with
# Debian's servers) in one vitest run, then print each tier's figures, the ten slowest files and the
# summary.
test: install artifacts
	@mkdir -p .geo402
	npx vitest run --reporter=default --reporter=./test/tier-times.mjs --reporter=json --outputFile=.geo402/vitest.json; \
	  status=$$?; node test/summary.mjs .geo402/vitest.json; exit $$status

# The unit tier alone: kernels, formats, readers, schemas, property tests; starts no process.
test-unit: install artifacts
	@mkdir -p .geo402
	npx vitest run --project unit --reporter=default --reporter=./test/tier-times.mjs --reporter=json --outputFile=.geo402/vitest-unit.json; \
	  status=$$?; node test/summary.mjs .geo402/vitest-unit.json; exit $$status

# Benchmarks side by side with the peer libraries (ratios, not assertions).
bench: install artifacts
	npm run bench

# The pipeline and the service at the spec's coverage on generated SYNTHETIC inputs (.geo402/scale,
# never artifacts/), side by side with today's build; SCALE_FRACTION / SCALE_DEM_FRACTION shrink it.
# Not part of `make test` (docs/performance.md, "A build at full scale").
scale: install artifacts
	npx tsx test/scale/run.ts

# Type-check, lint, check that the types generated from schemas/ are current, that the import
# graph has no value cycle and keeps its one-way rooms (dependency-cruiser), and that no file,
# export or dependency is dead (knip).
check: install
	npm run types -- --check
	npm run typecheck
	npm run lint
	npm run deps
	npm run knip
