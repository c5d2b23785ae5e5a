// The nesting depth of a JSON text, by one linear scan of its characters (no parsing, no
// recursion): how deep `[` and `{` go outside strings. It stops as soon as `max` is passed.
// A plain loop because no maintained parser exposes a depth cap (JSON.parse has none, and its
// reviver recurses and overflows the stack on deep input).

/** The deepest nesting in `text`, or the first depth above `max` (the scan stops there). */
export function jsonDepth(text: string, max: number): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > max) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return deepest;
}
