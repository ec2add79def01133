/**
 * The organization's units and their members as API operations (lib/http/operation.ts). Read by
 * the handlers in app/api/organizational-units, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import {
  addUnitMemberSchema,
  createUnitSchema,
  organizationContactSchema,
  organizationContactViewSchema,
  unitListSchema,
  unitMemberListSchema,
  unitMemberSchema,
  unitSchema,
  updateUnitSchema,
} from "@/lib/validations/org";

export const listUnits = defineOperation({
  method: "GET",
  path: "/api/organizational-units",
  summary: "List organizational units",
  description: "Every unit, flat (`parentId` builds the tree), with its counts.",
  access: { permission: "units.read" },
  response: unitListSchema,
});

export const createUnit = defineOperation({
  method: "POST",
  path: "/api/organizational-units",
  summary: "Create an organizational unit",
  access: { permission: "units.write" },
  body: createUnitSchema,
  response: unitSchema,
  status: 201,
  errors: { 409: "The unit number is already used" },
});

export const getUnit = defineOperation({
  method: "GET",
  path: "/api/organizational-units/[id]",
  summary: "Get an organizational unit",
  access: { permission: "units.read" },
  response: unitSchema,
});

export const updateUnit = defineOperation({
  method: "PATCH",
  path: "/api/organizational-units/[id]",
  summary: "Update an organizational unit",
  description: "Edit and move: a `parentId` moves the unit (null = top level).",
  access: { permission: "units.write" },
  body: updateUnitSchema,
  response: unitSchema,
  errors: { 409: "The move would make a cycle, or the unit number is already used" },
});

export const deleteUnit = defineOperation({
  method: "DELETE",
  path: "/api/organizational-units/[id]",
  summary: "Delete an organizational unit",
  access: { permission: "units.write" },
  response: okSchema,
  errors: { 409: "Sub-units, active members or tasks still point at the unit (`blockers`)" },
});

export const listUnitMembers = defineOperation({
  method: "GET",
  path: "/api/organizational-units/[id]/members",
  summary: "List a unit's members",
  access: { permission: "units.read" },
  response: unitMemberListSchema,
});

export const addUnitMember = defineOperation({
  method: "POST",
  path: "/api/organizational-units/[id]/members",
  summary: "Add a member to a unit",
  access: { permission: "units.write" },
  body: addUnitMemberSchema,
  response: unitMemberSchema,
  status: 201,
  errors: { 409: "The member is already in the unit" },
});

export const removeUnitMember = defineOperation({
  method: "DELETE",
  path: "/api/organizational-units/[id]/members/[userId]",
  summary: "Remove a member from a unit",
  access: { permission: "units.write" },
  response: okSchema,
});

export const getOrganizationContact = defineOperation({
  method: "GET",
  path: "/api/organization/contact",
  summary: "The business's contact details",
  description: "Phone, e-mail, address and opening hours, as families see them on their status page and on a certificate's verification page.",
  access: { permission: "units.read" },
  response: organizationContactViewSchema,
});

export const updateOrganizationContact = defineOperation({
  method: "PUT",
  path: "/api/organization/contact",
  summary: "Change the business's contact details",
  access: { permission: "organization.settings" },
  body: organizationContactSchema,
  response: organizationContactViewSchema,
});
