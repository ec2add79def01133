import * as op from "@/lib/api-keys/contracts";
import { json, route } from "@/lib/http/route";
import { rotateApiKey } from "@/lib/services/api-keys/rotate-api-key";

/** A new secret, shown once; the old one works for the optional grace period. */
export const POST = route(op.rotateApiKey, async ({ caller, params, body }) => json(await rotateApiKey(caller, params.id, body), 200, { "Cache-Control": "no-store" }));
