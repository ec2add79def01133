import { op, type RouteDoc } from "../describe";
import { createMemberSchema, listMembersQuerySchema, updateMemberSchema } from "@/lib/validations/members";
import { addUnitMemberSchema, createUnitSchema, updateUnitSchema } from "@/lib/validations/org";
import { createVendorSchema, listVendorsQuerySchema, updateVendorSchema } from "@/lib/validations/vendors";
import * as membersIdDeactivate from "@/app/api/members/[id]/deactivate/route";
import * as membersIdReactivate from "@/app/api/members/[id]/reactivate/route";
import * as membersId from "@/app/api/members/[id]/route";
import * as members from "@/app/api/members/route";
import * as organizationalUnitsIdMembersUserId from "@/app/api/organizational-units/[id]/members/[userId]/route";
import * as organizationalUnitsIdMembers from "@/app/api/organizational-units/[id]/members/route";
import * as organizationalUnitsId from "@/app/api/organizational-units/[id]/route";
import * as organizationalUnits from "@/app/api/organizational-units/route";
import * as simplifiedVendors from "@/app/api/simplified-vendors/route";
import * as vendorsId from "@/app/api/vendors/[id]/route";
import * as vendors from "@/app/api/vendors/route";

export const orgDocs = (): RouteDoc[] => [
  op("POST /api/members/[id]/deactivate", membersIdDeactivate.POST, "Deactivate a member"),
  op("POST /api/members/[id]/reactivate", membersIdReactivate.POST, "Reactivate a member"),
  op("GET /api/members/[id]", membersId.GET, "Get a member"),
  op("PATCH /api/members/[id]", membersId.PATCH, "Update a member", { body: updateMemberSchema }),
  op("GET /api/members", members.GET, "List members", { query: listMembersQuerySchema }),
  op("POST /api/members", members.POST, "Create a member", { body: createMemberSchema, status: 201 }),
  op("DELETE /api/organizational-units/[id]/members/[userId]", organizationalUnitsIdMembersUserId.DELETE, "Remove a member from a unit"),
  op("GET /api/organizational-units/[id]/members", organizationalUnitsIdMembers.GET, "List a unit's members"),
  op("POST /api/organizational-units/[id]/members", organizationalUnitsIdMembers.POST, "Add a member to a unit", { body: addUnitMemberSchema, status: 201 }),
  op("GET /api/organizational-units/[id]", organizationalUnitsId.GET, "Get an organizational unit"),
  op("PATCH /api/organizational-units/[id]", organizationalUnitsId.PATCH, "Update an organizational unit", { body: updateUnitSchema }),
  op("DELETE /api/organizational-units/[id]", organizationalUnitsId.DELETE, "Delete an organizational unit"),
  op("GET /api/organizational-units", organizationalUnits.GET, "List organizational units"),
  op("POST /api/organizational-units", organizationalUnits.POST, "Create an organizational unit", { body: createUnitSchema, status: 201 }),
  op("GET /api/simplified-vendors", simplifiedVendors.GET, "Vendor options"),
  op("GET /api/vendors/[id]", vendorsId.GET, "Get a vendor"),
  op("PATCH /api/vendors/[id]", vendorsId.PATCH, "Update a vendor", { body: updateVendorSchema }),
  op("DELETE /api/vendors/[id]", vendorsId.DELETE, "Delete a vendor"),
  op("GET /api/vendors", vendors.GET, "List vendors", { query: listVendorsQuerySchema }),
  op("POST /api/vendors", vendors.POST, "Create a vendor", { body: createVendorSchema, status: 201 }),
];
