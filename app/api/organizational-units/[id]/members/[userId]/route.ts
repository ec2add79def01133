import { route } from "@/lib/http/route";
import * as op from "@/lib/org/contracts";
import { removeUnitMember } from "@/lib/services/org/remove-unit-member";

export const DELETE = route(op.removeUnitMember, async ({ caller, params }) => removeUnitMember(caller, params.id, params.userId));
