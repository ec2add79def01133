import { route } from "@/lib/http/route";
import * as op from "@/lib/members/contracts";
import { getMemberProfile } from "@/lib/services/members/get-member-profile";
import { updateMember } from "@/lib/services/members/update-member";

export const GET = route(op.getMember, async ({ caller, params }) => getMemberProfile(caller, params.id));

export const PATCH = route(op.updateMember, async ({ caller, params, body }) => updateMember(caller, params.id, body));
