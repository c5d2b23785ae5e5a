// Browser entry of the explorer at `/` (service/pages/explorer.ts renders the HTML): a form that
// sends a route's example (edited or not), paid from the browser's wallet with the official
// client (wallet-fetch.ts, as on the paywall), and a Leaflet map (no tiles: the base layer is the
// timezone grid served at /pages/basemap.json, painted on a canvas in Web Mercator) that draws
// every GeoJSON object the answer holds. Bundled with Leaflet and its stylesheet by esbuild.
import "leaflet/dist/leaflet.css";
import "./explorer.css";
import type { GeoJsonObject } from "geojson";
import { circleMarker, geoJSON, imageOverlay, type LatLng, type LatLngBoundsExpression, map } from "leaflet";
import { GEOMETRY_TYPES } from "../geo/geojson/document-structure.ts";
import type { Basemap } from "./basemap.ts";
import type { ExplorerPageData } from "./explorer.ts";
import { failure, onConnect, type PaidAnswer, type Payer } from "./wallet-fetch.ts";

const element = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;
const data = JSON.parse(element("geo402-explorer").textContent ?? "{}") as ExplorerPageData;
const routeSelect = element<HTMLSelectElement>("route");
const request = element<HTMLTextAreaElement>("request");
const requestLabel = element("request-label");
const connect = element<HTMLButtonElement>("connect");
const send = element<HTMLButtonElement>("send");
const status = element("status");
const answer = element("answer");

/** Web Mercator's y (in radians of the sphere) at its ±85.05° edge: the square world. */
const MAX_MERCATOR_Y = Math.PI;
const world: LatLngBoundsExpression = [
  [-60, -180],
  [80, 180],
];
const view = map("map", { minZoom: 1, maxZoom: 18, worldCopyJump: true }).fitBounds(world);
// Leaflet hands the GeoJSON layer's options to each polygon and line it makes: smoothFactor 0
// draws every vertex of the answer (none simplified away at the current zoom).
const answerOptions = {
  smoothFactor: 0,
  style: { className: "geo402-answer", color: "#d1346b", weight: 2, fillOpacity: 0.35 },
  pointToLayer: (_feature: unknown, at: LatLng) =>
    circleMarker(at, { radius: 5, className: "geo402-answer" }),
};
const drawn = geoJSON(undefined, answerOptions).addTo(view);

/** Base-layer colours by square class (basemap.ts): water, coastal band, coasts and borders, land zones. */
const WATER = [196, 221, 240];
const COASTAL = [170, 200, 228];
const EDGE = [196, 186, 160];
const LAND = [
  [214, 226, 190],
  [230, 222, 186],
  [204, 218, 204],
  [226, 206, 186],
  [196, 214, 178],
  [222, 214, 202],
];

async function drawBasemap(): Promise<void> {
  const response = await fetch(data.basemap);
  if (!response.ok) return; // no timezone data: the answer is drawn on an empty map
  const grid = (await response.json()) as Basemap;
  // The grid is equal-angle; the map is Web Mercator. Each canvas row is one step of Mercator y,
  // painted from the grid row holding that row's latitude, so the image lies right when Leaflet
  // stretches it linearly between its projected corners.
  const height = grid.rows * 2;
  const canvas = document.createElement("canvas");
  canvas.width = grid.cols;
  canvas.height = height;
  const context = canvas.getContext("2d");
  if (!context) return;
  const pixels = context.createImageData(grid.cols, height);
  const north = grid.south + grid.rows * grid.cellDegrees;
  const ys = MAX_MERCATOR_Y;
  for (let y = 0; y < height; y++) {
    const lat = (Math.atan(Math.sinh(ys - ((y + 0.5) / height) * 2 * ys)) * 180) / Math.PI;
    const row = Math.min(grid.rows - 1, Math.floor((north - lat) / grid.cellDegrees));
    for (let col = 0; col < grid.cols; col++) {
      const c = grid.squares.charCodeAt(row * grid.cols + col);
      const rgb =
        c === 46 ? WATER : c === 126 ? COASTAL : c === 43 ? EDGE : (LAND[(c - 97) % LAND.length] as number[]);
      pixels.data.set([...rgb, 255], (y * grid.cols + col) * 4);
    }
  }
  context.putImageData(pixels, 0, 0);
  const edge = (Math.atan(Math.sinh(ys)) * 180) / Math.PI;
  imageOverlay(
    canvas.toDataURL(),
    [
      [-edge, grid.west],
      [edge, grid.west + grid.cols * grid.cellDegrees],
    ],
    { className: "geo402-basemap", attribution: `timezone ${grid.version} (geo402's own data)` },
  )
    .addTo(view)
    .bringToBack();
}

const GEOJSON_TYPES = new Set<string>(["Feature", "FeatureCollection", ...GEOMETRY_TYPES]);

/** Every GeoJSON object in an answer, outermost first (an object found is not searched further). */
function geojsonIn(value: unknown, found: GeoJsonObject[] = []): GeoJsonObject[] {
  if (Array.isArray(value)) for (const v of value) geojsonIn(v, found);
  else if (value !== null && typeof value === "object") {
    const type = (value as { type?: unknown }).type;
    if (typeof type === "string" && GEOJSON_TYPES.has(type)) found.push(value as GeoJsonObject);
    else for (const v of Object.values(value)) geojsonIn(v, found);
  }
  return found;
}

const route = () => data.routes.find((r) => r.key === routeSelect.value) ?? data.routes[0];

function selectRoute(): void {
  const r = route();
  if (!r) return;
  request.value = r.example;
  requestLabel.textContent = r.method === "GET" ? "Query string" : "Request body (JSON)";
  send.textContent = r.price === "free" ? "Send (free)" : `Pay ${r.price} and send`;
}

function show(paid: PaidAnswer, price: string): void {
  answer.hidden = false;
  answer.textContent = JSON.stringify(paid.body, null, 2);
  status.textContent =
    paid.settlement?.success === true
      ? `Paid ${price}: transaction ${paid.settlement.transaction} on ${paid.settlement.network}`
      : `Answered ${paid.status}; nothing was charged`;
  drawn.clearLayers();
  if (paid.status !== 200) return;
  for (const g of geojsonIn(paid.body)) drawn.addData(g);
  const bounds = drawn.getBounds();
  if (bounds.isValid()) view.fitBounds(bounds, { padding: [24, 24], maxZoom: 14 });
}

let payer: Payer | null = null;

onConnect(connect, status, (connected) => {
  payer = connected;
  send.disabled = false;
});

send.addEventListener("click", async () => {
  const r = route();
  if (!payer || !r) return;
  send.disabled = true;
  status.textContent = r.price === "free" ? "Sending…" : "Waiting for the wallet's signature…";
  try {
    const headers: Record<string, string> = { accept: "application/json" };
    const paid =
      r.method === "GET"
        ? await payer.pay(`${r.path}?${request.value}`, { headers })
        : await payer.pay(r.path, {
            method: "POST",
            headers: { ...headers, "content-type": "application/json" },
            body: request.value,
          });
    show(paid, r.price);
  } catch (err) {
    status.textContent = failure(err);
  } finally {
    send.disabled = false;
  }
});

routeSelect.addEventListener("change", selectRoute);
selectRoute();
void drawBasemap();
