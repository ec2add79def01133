import { json, route } from "@/lib/http/route";
import { rotateApiKey } from "@/lib/services/api-keys/rotate-api-key";
import { API_KEY_NOT_FOUND } from "@/lib/services/api-keys/update-api-key";
import { rotateApiKeySchema } from "@/lib/validations/api-keys";
import { idOrNotFound } from "@/lib/validations/ids";

/** A new secret, shown once; the old one works for the optional grace period. */
export const POST = route(
  async ({ caller, params, body }) =>
    json(await rotateApiKey(caller, idOrNotFound(params.id, API_KEY_NOT_FOUND), await body(rotateApiKeySchema)), 200, { "Cache-Control": "no-store" }),
  { permission: "api-keys.manage" },
);
