// The catalog's priced routes as MCP tools: one tool per route, named after its path
// (`/v1/marine/depth` → `marine_depth`), whose input schema is the route's request schema under
// schemas/ (the body schema of a POST route, the query schema of a GET route).
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { declareDiscoveryExtension } from "@x402/extensions/bazaar";
import { type CatalogEntry, isFree } from "../route-types.ts";
import type { JsonSchema, SchemaSet } from "../schemas.ts";

export interface CatalogTool {
  tool: Tool;
  entry: CatalogEntry;
  /** The bazaar MCP discovery declaration (`{ bazaar: … }`) advertised in this tool's 402. */
  discovery: Record<string, unknown>;
}

export const toolNameOf = (entry: CatalogEntry): string =>
  entry.path.replace(/^\/v\d+\//, "").replaceAll("/", "_");

export function catalogTools(entries: readonly CatalogEntry[], schemas: SchemaSet): Map<string, CatalogTool> {
  const tools = new Map<string, CatalogTool>();
  for (const entry of entries) {
    if (isFree(entry)) continue;
    const name = toolNameOf(entry);
    const schemaName = entry.method === "POST" ? entry.schemas.body : entry.schemas.query;
    const inputSchema = inputSchemaOf(schemaName ? schemas.get(schemaName) : {});
    const example = exampleArguments(entry, inputSchema);
    const description = `${entry.summary}. ${entry.description} Price: $${entry.price} in USDC per call (x402).`;
    // No outputSchema: the SDK's Client checks structuredContent against it on error results too,
    // where the x402 MCP transport puts the PaymentRequired. The response schema is in `discovery`.
    tools.set(name, {
      entry,
      tool: {
        name,
        title: entry.summary,
        description,
        inputSchema,
        // Reads data only, but every call spends money: not read-only, not idempotent.
        annotations: {
          readOnlyHint: false,
          destructiveHint: false,
          idempotentHint: false,
          openWorldHint: true,
        },
      },
      discovery: declareDiscoveryExtension({
        toolName: name,
        description: entry.summary,
        transport: "streamable-http",
        inputSchema,
        example,
        output: { schema: schemas.get(entry.schemas.response) },
      }),
    });
  }
  return tools;
}

/** MCP wants `type: "object"` at the top; every request schema already is one. */
function inputSchemaOf(schema: JsonSchema): Tool["inputSchema"] {
  return { ...schema, type: "object" };
}

/** The catalog example as tool arguments: query strings become the numbers the schema types. */
function exampleArguments(entry: CatalogEntry, schema: Tool["inputSchema"]): Record<string, unknown> {
  if (entry.method === "POST") return (entry.example.body ?? {}) as Record<string, unknown>;
  const props = (schema.properties ?? {}) as Record<string, { type?: string }>;
  return Object.fromEntries(
    Object.entries(entry.example.query ?? {}).map(([k, v]) => {
      const type = props[k]?.type;
      return [k, type === "number" || type === "integer" ? Number(v) : type === "boolean" ? v === "true" : v];
    }),
  );
}
