import { json, route } from "@/lib/http/route";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { listApiKeys } from "@/lib/services/api-keys/list-api-keys";
import { createApiKeySchema, listApiKeysQuerySchema } from "@/lib/validations/api-keys";

export const GET = route(async ({ query }) => listApiKeys(query(listApiKeysQuerySchema)), { permission: "api-keys.manage" });

/** Returns the secret this once; only its hash is stored. */
export const POST = route(
  async ({ caller, body }) => json(await createApiKey(caller, await body(createApiKeySchema)), 201, { "Cache-Control": "no-store" }),
  { permission: "api-keys.manage" },
);
