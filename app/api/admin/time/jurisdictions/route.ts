import { route } from "@/lib/http/route";
import { getJurisdictions } from "@/lib/services/time/get-jurisdictions";
import { updateJurisdictions } from "@/lib/services/time/update-jurisdictions";
import * as op from "@/lib/time/contracts";

export const GET = route(op.getJurisdictions, async () => getJurisdictions());

/** The organization's preset and the overrides per department or punch post (audited). */
export const PUT = route(op.updateJurisdictions, async ({ caller, body }) => updateJurisdictions(caller, body));
