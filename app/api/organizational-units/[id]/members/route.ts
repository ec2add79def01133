import { json, route } from "@/lib/http/route";
import { addUnitMember } from "@/lib/services/org/add-unit-member";
import { listUnitMembers } from "@/lib/services/org/list-unit-members";
import { addUnitMemberSchema } from "@/lib/validations/org";

export const GET = route(async ({ params }) => listUnitMembers(params.id), { permission: "units.read" });

export const POST = route(
  async ({ caller, params, body }) => json(await addUnitMember(caller, params.id, (await body(addUnitMemberSchema)).userId), 201),
  { permission: "units.write" },
);
