import * as op from "@/lib/api-keys/contracts";
import { route } from "@/lib/http/route";
import { revokeApiKey } from "@/lib/services/api-keys/revoke-api-key";
import { API_KEY_NOT_FOUND, updateApiKey } from "@/lib/services/api-keys/update-api-key";
import { idOrNotFound } from "@/lib/validations/ids";

const idOf = (params: Record<string, unknown>) => idOrNotFound(params.id, API_KEY_NOT_FOUND);

/** Rename, change scopes or the rate limit. */
export const PATCH = route(op.updateApiKey, async ({ caller, params, body }) => updateApiKey(caller, idOf(params), body));

/** Revoke: the key is refused from the next request on (the row stays, for the list and the audit). */
export const DELETE = route(op.revokeApiKey, async ({ caller, params }) => revokeApiKey(caller, idOf(params)));
