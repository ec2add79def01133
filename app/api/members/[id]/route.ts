import { route } from "@/lib/http/route";
import { getMemberProfile } from "@/lib/services/members/get-member-profile";
import { updateMember } from "@/lib/services/members/update-member";
import { updateMemberSchema } from "@/lib/validations/members";

export const GET = route(async ({ caller, params }) => getMemberProfile(caller, params.id), { permission: "members.read" });

export const PATCH = route(async ({ caller, params, body }) => updateMember(caller, params.id, await body(updateMemberSchema)), { permission: "members.write" });
