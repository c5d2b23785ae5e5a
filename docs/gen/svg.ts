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
