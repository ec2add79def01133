import { json, route } from "@/lib/http/route";
import * as op from "@/lib/members/contracts";
import { createMember } from "@/lib/services/members/create-member";
import { listMembers } from "@/lib/services/members/list-members";

export const GET = route(op.listMembers, async ({ caller, query }) => listMembers(caller, query));

export const POST = route(op.createMember, async ({ caller, body }) => json(await createMember(caller, body), 201));
