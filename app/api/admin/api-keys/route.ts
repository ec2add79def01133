import * as op from "@/lib/api-keys/contracts";
import { json, route } from "@/lib/http/route";
import { createApiKey } from "@/lib/services/api-keys/create-api-key";
import { listApiKeys } from "@/lib/services/api-keys/list-api-keys";

export const GET = route(op.listApiKeys, async ({ query }) => listApiKeys(query));

/** Returns the secret this once; only its hash is stored. */
export const POST = route(op.createApiKey, async ({ caller, body }) => json(await createApiKey(caller, body), 201, { "Cache-Control": "no-store" }));
