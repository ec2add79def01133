/**
 * Members as API operations (lib/http/operation.ts). Read by the handlers in app/api/members,
 * the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import {
  createMemberSchema,
  listMembersQuerySchema,
  memberCreatedSchema,
  memberPageSchema,
  memberProfileSchema,
  memberSchema,
  updateMemberSchema,
} from "@/lib/validations/members";

export const listMembers = defineOperation({
  method: "GET",
  path: "/api/members",
  summary: "List members",
  description: "Emails and phone numbers only for admins.",
  access: { permission: "members.read" },
  query: listMembersQuerySchema,
  response: memberPageSchema,
});

export const createMember = defineOperation({
  method: "POST",
  path: "/api/members",
  summary: "Create a member",
  description: "With a temporary password; a generated one is returned this once.",
  access: { permission: "members.write" },
  body: createMemberSchema,
  response: memberCreatedSchema,
  status: 201,
  errors: { 409: "A member with this email already exists" },
});

export const getMember = defineOperation({
  method: "GET",
  path: "/api/members/[id]",
  summary: "Get a member",
  access: { permission: "members.read" },
  response: memberProfileSchema,
});

export const updateMember = defineOperation({
  method: "PATCH",
  path: "/api/members/[id]",
  summary: "Update a member",
  access: { permission: "members.write" },
  body: updateMemberSchema,
  response: memberSchema,
  errors: { 409: "A member with this email already exists, or the last admin would be demoted" },
});

export const deactivateMember = defineOperation({
  method: "POST",
  path: "/api/members/[id]/deactivate",
  summary: "Deactivate a member",
  description: "Ends every session of the member; idempotent.",
  access: { permission: "members.write" },
  response: memberSchema,
  errors: { 409: "Your own account, or the last admin" },
});

export const reactivateMember = defineOperation({
  method: "POST",
  path: "/api/members/[id]/reactivate",
  summary: "Reactivate a member",
  access: { permission: "members.write" },
  response: memberSchema,
});
