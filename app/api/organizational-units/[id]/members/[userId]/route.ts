import { route } from "@/lib/http/route";
import { removeUnitMember } from "@/lib/services/org/remove-unit-member";

export const DELETE = route(async ({ caller, params }) => removeUnitMember(caller, params.id, params.userId), { permission: "units.write" });
