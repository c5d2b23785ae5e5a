// A JSON object (not an array, not null): the one test every reader of posted JSON uses.
export type JsonObject = Record<string, unknown>;

export const isJsonObject = (v: unknown): v is JsonObject =>
  typeof v === "object" && v !== null && !Array.isArray(v);
