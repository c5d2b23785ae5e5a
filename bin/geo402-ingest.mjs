#!/usr/bin/env node
// geo402-ingest: registers the TypeScript loader, then runs ingest/cli.ts.
import { register } from "tsx/esm/api";

register();
await import("../ingest/cli.ts");
