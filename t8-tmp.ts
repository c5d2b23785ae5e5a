import { check } from "@placemarkio/check-geojson";
console.log(
  check(
    JSON.stringify({
      type: "Polygon",
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    }),
  ).type,
);
