import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { getPreferences, updatePreferences } from "@/lib/services/auth/preferences";

/** Own preferences: what `/` opens on. */
export const GET = route(op.getPreferences, async ({ caller }) => getPreferences(caller));

export const PATCH = route(op.updatePreferences, async ({ caller, body }) => updatePreferences(caller, body));
