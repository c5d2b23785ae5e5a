// Geometries the catalog's request examples share (OpenAPI, discovery, MCP tool examples).

/** A box over San Francisco (EPSG:4326), about 15 × 12 km. */
export const SAN_FRANCISCO = {
  type: "Polygon",
  coordinates: [
    [
      [-122.52, 37.7],
      [-122.35, 37.7],
      [-122.35, 37.81],
      [-122.52, 37.81],
      [-122.52, 37.7],
    ],
  ],
};
