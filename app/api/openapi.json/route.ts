import { route } from "@/lib/http/route";
import { buildOpenApiDocument } from "@/lib/openapi/document";
import { apiOperations } from "@/lib/openapi/operations";
import * as op from "@/lib/system/contracts";

let cached: Record<string, unknown> | null = null;

/** The OpenAPI 3.1 document of every /api route (docs/api.md); public, like the shapes it describes. */
export const GET = route(op.getOpenApiDocument, async () => {
  cached ??= buildOpenApiDocument(apiOperations());
  return Response.json(cached, { headers: { "Cache-Control": "public, max-age=300" } });
});
