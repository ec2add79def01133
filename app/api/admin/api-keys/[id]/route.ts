import * as op from "@/lib/api-keys/contracts";
import { route } from "@/lib/http/route";
import { revokeApiKey } from "@/lib/services/api-keys/revoke-api-key";
import { updateApiKey } from "@/lib/services/api-keys/update-api-key";

// params.id is a uuid: route() parsed it (lib/http/path-params.ts), a malformed one is already "API key not found".

/** Rename, change scopes or the rate limit. */
export const PATCH = route(op.updateApiKey, async ({ caller, params, body }) => updateApiKey(caller, params.id, body));

/** Revoke: the key is refused from the next request on (the row stays, for the list and the audit). */
export const DELETE = route(op.revokeApiKey, async ({ caller, params }) => revokeApiKey(caller, params.id));
