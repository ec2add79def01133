import { route } from "@/lib/http/route";
import { setMemberActive } from "@/lib/services/members/set-member-active";

export const POST = route(async ({ caller, params }) => setMemberActive(caller, params.id, true), { permission: "members.write" });
