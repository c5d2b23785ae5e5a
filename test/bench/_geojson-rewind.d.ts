// @mapbox/geojson-rewind ships no types: rewinds rings in place (outer: true → clockwise exteriors).
declare module "@mapbox/geojson-rewind" {
  export default function rewind<T>(geojson: T, outer?: boolean): T;
}
