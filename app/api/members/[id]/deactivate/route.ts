import { route } from "@/lib/http/route";
import * as op from "@/lib/members/contracts";
import { setMemberActive } from "@/lib/services/members/set-member-active";

export const POST = route(op.deactivateMember, async ({ caller, params }) => setMemberActive(caller, params.id, false));
