// Every 200 answer a test receives is validated against the route's response schema.
import { expect } from "vitest";
import { createSchemaSet } from "../../service/schemas.ts";

const set = createSchemaSet();

export function expectMatchesSchema(schemaName: string, body: unknown): void {
  const validate = set.validator(schemaName);
  const ok = validate(body);
  expect(ok ? null : validate.errors).toBeNull();
}
