import { json, route } from "@/lib/http/route";
import { createMember } from "@/lib/services/members/create-member";
import { listMembers } from "@/lib/services/members/list-members";
import { createMemberSchema, listMembersQuerySchema } from "@/lib/validations/members";

export const GET = route(async ({ caller, query }) => listMembers(caller, query(listMembersQuerySchema)), { permission: "members.read" });

export const POST = route(async ({ caller, body }) => json(await createMember(caller, await body(createMemberSchema)), 201), { permission: "members.write" });
