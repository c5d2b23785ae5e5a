// Type of the one function of geobuf 3 (CommonJS, no bundled types) that ingest uses.
declare module "geobuf" {
  import type { PbfReader } from "pbf";
  export function decode(pbf: PbfReader): unknown;
}
