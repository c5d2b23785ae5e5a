// Hostile inputs for the route fuzz suite: malformed JSON, wrong types, missing and extra members,
// huge and non-finite numbers, deep nesting, long strings, Unicode, prototype keys, repeated or
// missing query parameters. Built from each route's example so most requests reach the handler.
import fc from "fast-check";
import { type QueryValue, queryString } from "../../service/route-types.ts";

export interface FuzzRequest {
  label: string;
  /** Raw body text (POST) — may be invalid JSON on purpose. */
  body?: string;
  contentType?: string;
  /** Query string without "?" (GET). */
  query?: string;
}

const nasty = fc.oneof(
  fc.constantFrom(1e308, -1e308, 1e-320, 0, -0, 2 ** 53 + 1, 181, -91, 90.0000001, 1e21),
  fc.constantFrom(
    "NaN",
    "Infinity",
    "-Infinity",
    "1e999",
    "",
    " ",
    "\u0000",
    "null",
    "[]",
    "{}",
    "🗺️",
    "\u202e",
  ),
  fc.string({ maxLength: 20 }),
  fc.constantFrom(null, true, false, [], {}, [[]], [[[[]]]]),
  fc.double(),
  fc.integer(),
);

const deep = (depth: number, leaf: string) => "[".repeat(depth) + leaf + "]".repeat(depth);

/** A JSON value shaped like `example` with one or more members replaced, removed or added. */
function mutatedBody(example: Record<string, unknown>): fc.Arbitrary<FuzzRequest> {
  const keys = Object.keys(example);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("x");
  return fc.oneof(
    fc.tuple(key, nasty).map(([k, v]) => ({
      label: `member ${k} = ${JSON.stringify(v)}`,
      body: JSON.stringify({ ...example, [k]: v }),
    })),
    key.map((k) => {
      const { [k]: _, ...rest } = example;
      return { label: `member ${k} removed`, body: JSON.stringify(rest) };
    }),
    fc.tuple(fc.constantFrom("__proto__", "constructor", "prototype", "extra", "ÿ"), nasty).map(([k, v]) => ({
      label: `extra member ${k}`,
      body: `${JSON.stringify(example).slice(0, -1)}${keys.length ? "," : ""}${JSON.stringify(k)}:${JSON.stringify(v)}}`,
    })),
    fc.tuple(key, fc.integer({ min: 100, max: 20000 })).map(([k, d]) => ({
      label: `member ${k} nested ${d} deep`,
      body: `${JSON.stringify({ ...example, [k]: 0 }).replace(`"${k}":0`, `"${k}":${deep(d, "0")}`)}`,
    })),
    fc.tuple(key, fc.integer({ min: 1000, max: 200_000 })).map(([k, n]) => ({
      label: `member ${k} a ${n}-character string`,
      body: JSON.stringify({ ...example, [k]: "ж".repeat(n) }),
    })),
    fc.tuple(key, fc.integer({ min: 10, max: 30_000 })).map(([k, n]) => ({
      label: `member ${k} an array of ${n} nasty values`,
      body: JSON.stringify({
        ...example,
        [k]: Array.from({ length: n }, (_, i) => (i % 2 ? [1e308, -1e308] : "x")),
      }),
    })),
  );
}

export function postInputs(example: unknown): fc.Arbitrary<FuzzRequest> {
  const base =
    typeof example === "object" && example !== null && !Array.isArray(example)
      ? (example as Record<string, unknown>)
      : {};
  return fc.oneof(
    { weight: 6, arbitrary: mutatedBody(base) },
    {
      weight: 1,
      arbitrary: fc.jsonValue().map((v) => ({ label: "random JSON", body: JSON.stringify(v) ?? "null" })),
    },
    {
      weight: 1,
      arbitrary: fc.string({ maxLength: 40 }).map((s) => ({ label: "random text as JSON", body: s })),
    },
    {
      weight: 1,
      arbitrary: fc
        .constantFrom("text/plain", "application/xml", "multipart/form-data; boundary=x")
        .map((t) => ({
          label: `content type ${t}`,
          body: JSON.stringify(base),
          contentType: t,
        })),
    },
  );
}

export function queryInputs(example: Record<string, QueryValue>): fc.Arbitrary<FuzzRequest> {
  const keys = Object.keys(example);
  const key = keys.length > 0 ? fc.constantFrom(...keys) : fc.constant("x");
  const value = fc.oneof(
    nasty.map((v) => String(v)),
    fc.string({ maxLength: 30 }),
    fc.constant("1".repeat(5000)),
  );
  const qs = queryString;
  return fc.oneof(
    fc
      .tuple(key, value)
      .map(([k, v]) => ({ label: `param ${k}=${v.slice(0, 20)}`, query: qs({ ...example, [k]: v }) })),
    key.map((k) => {
      const { [k]: _, ...rest } = example;
      return { label: `param ${k} missing`, query: qs(rest) };
    }),
    fc.tuple(key, value).map(([k, v]) => ({
      label: `param ${k} repeated`,
      query: `${qs(example)}&${encodeURIComponent(k)}=${encodeURIComponent(v)}`,
    })),
    fc.tuple(fc.constantFrom("__proto__", "constructor", "extra"), value).map(([k, v]) => ({
      label: `extra param ${k}`,
      query: `${qs(example)}&${k}=${encodeURIComponent(v)}`,
    })),
    fc.constant({ label: "malformed percent-encoding", query: `${qs(example)}&x=%E0%A4%A` }),
  );
}
