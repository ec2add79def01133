import { json, route } from "@/lib/http/route";
import * as op from "@/lib/org/contracts";
import { addUnitMember } from "@/lib/services/org/add-unit-member";
import { listUnitMembers } from "@/lib/services/org/list-unit-members";

export const GET = route(op.listUnitMembers, async ({ params }) => listUnitMembers(params.id));

export const POST = route(op.addUnitMember, async ({ caller, params, body }) => json(await addUnitMember(caller, params.id, body.userId), 201));
