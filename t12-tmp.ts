import { buffer } from "./service/geo/geometry/buffer.ts";
import { localPlane } from "./service/geo/geometry/local-plane.ts";
const P = localPlane(0, -90);
console.log(P.southPole, P.northPole, P.forward(0, -90), P.inverse(1000, 0), P.inverse(0, 1000), P.inverse(-1000, 0));
try { const r = buffer({ geojson: { type: "Point", coordinates: [0, -90] }, distance: 1000000, steps: 2 }); console.log(JSON.stringify(r.geojson)); } catch (e) { console.log((e as any).details); }
