// Small SVG pieces the generated maps share (docs/coverage.svg, docs/spec-coverage.svg).

export const line = (x1: string, y1: string, x2: string, y2: string) =>
  `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" stroke="#e2e8f0" stroke-width="1"/>`;

export const label = (text: string, lx: number, ly: number, size = 10) =>
  `<text x="${lx.toFixed(1)}" y="${ly.toFixed(1)}" font-size="${size}" fill="#2d3748">${text}</text>`;

/** `text` broken into lines of at most `width` characters, at spaces. */
export function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let current = "";
  for (const word of text.split(" ")) {
    if (current && current.length + word.length + 1 > width) {
      lines.push(current);
      current = word;
    } else current = current ? `${current} ${word}` : word;
  }
  return current ? [...lines, current] : lines;
}

/** An SVG path of rings of 1e-7° integers ([lon, lat, lon, lat, …], an ENC cell's M_COVR), projected by x and y. */
export function ringsPath(
  rings: readonly ArrayLike<number>[],
  x: (lon: number) => string,
  y: (lat: number) => string,
): string {
  return rings
    .map((ring) => {
      const pts: string[] = [];
      for (let i = 0; i < ring.length; i += 2)
        pts.push(`${x((ring[i] as number) / 1e7)},${y((ring[i + 1] as number) / 1e7)}`);
      return `M${pts.join("L")}Z`;
    })
    .join("");
}

/** The whole SVG: a map of mapWidth × mapHeight at the left, the legend beside it, `title` for readers. */
export function svgDocument(d: {
  title: string;
  mapWidth: number;
  mapHeight: number;
  width: number;
  height: number;
  parts: readonly string[];
  legend: readonly string[];
}): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${d.width}" height="${d.height}" viewBox="0 0 ${d.width} ${d.height}" font-family="sans-serif">`,
    `<title>${d.title}</title>`,
    `<rect width="${d.mapWidth}" height="${d.mapHeight}" fill="#f7fafc" stroke="#a0aec0"/>`,
    ...d.parts,
    `<g transform="translate(${d.mapWidth + 12},12)">`,
    ...d.legend,
    "</g>",
    "</svg>",
    "",
  ].join("\n");
}
