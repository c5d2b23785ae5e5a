import { buffer } from "./service/geo/geometry/buffer.ts";

const cases: [string, any][] = [
  ["point", { geojson: { type: "Point", coordinates: [10, 60] }, distance: 1000 }],
  ["antimeridian point", { geojson: { type: "Point", coordinates: [179.9, 0] }, distance: 50000 }],
  ["north pole point", { geojson: { type: "Point", coordinates: [30, 89.5] }, distance: 200000 }],
  ["south pole point", { geojson: { type: "Point", coordinates: [30, -89.5] }, distance: 200000, steps: 8 }],
  [
    "polar circle line",
    {
      geojson: {
        type: "LineString",
        coordinates: [
          [0, 85],
          [90, 85],
          [180, 85],
        ],
      },
      distance: 100000,
      steps: 8,
    },
  ],
  [
    "ring around pole line erosion",
    {
      geojson: {
        type: "Polygon",
        coordinates: [
          [
            [-180, 80],
            [-90, 80],
            [0, 80],
            [90, 80],
            [180, 80],
            [180, 90],
            [-180, 90],
            [-180, 80],
          ],
        ],
      },
      distance: -100000,
    },
  ],
];
for (const [name, req] of cases) {
  const t0 = performance.now();
  const b = buffer(req);
  const g = b.geojson as any;
  console.log(
    name,
    (performance.now() - t0).toFixed(0),
    "ms",
    g?.geometry?.type,
    g?.geometry?.type === "Polygon" ? g.geometry.coordinates.length : g?.geometry?.coordinates.length,
    b.accuracy.slice(0, 90),
  );
  if (name.includes("pole"))
    console.log(
      JSON.stringify(g.geometry.coordinates).slice(0, 300),
      "...",
      JSON.stringify(g.geometry.coordinates).slice(-200),
    );
}
