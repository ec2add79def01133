/**
 * Vendors as API operations (lib/http/operation.ts). Read by the handlers in app/api/vendors and
 * app/api/simplified-vendors, the OpenAPI document and the tests.
 */
import { defineOperation } from "@/lib/http/operation";
import { okSchema } from "@/lib/validations/common";
import { createVendorSchema, listVendorsQuerySchema, simplifiedVendorListSchema, updateVendorSchema, vendorPageSchema, vendorSchema } from "@/lib/validations/vendors";

export const listSimplifiedVendors = defineOperation({
  method: "GET",
  path: "/api/simplified-vendors",
  summary: "Vendor options",
  description: "Active vendors, id and name: what the assignee picker lists.",
  access: { permission: "vendors.read.options" },
  response: simplifiedVendorListSchema,
});

export const listVendors = defineOperation({
  method: "GET",
  path: "/api/vendors",
  summary: "List vendors",
  access: { permission: "vendors.manage" },
  query: listVendorsQuerySchema,
  response: vendorPageSchema,
});

export const createVendor = defineOperation({
  method: "POST",
  path: "/api/vendors",
  summary: "Create a vendor",
  access: { permission: "vendors.manage" },
  body: createVendorSchema,
  response: vendorSchema,
  status: 201,
});

export const getVendor = defineOperation({
  method: "GET",
  path: "/api/vendors/[id]",
  summary: "Get a vendor",
  access: { permission: "vendors.manage" },
  response: vendorSchema,
});

export const updateVendor = defineOperation({
  method: "PATCH",
  path: "/api/vendors/[id]",
  summary: "Update a vendor",
  description: "`isActive: false` deactivates, `true` reactivates.",
  access: { permission: "vendors.manage" },
  body: updateVendorSchema,
  response: vendorSchema,
});

export const deleteVendor = defineOperation({
  method: "DELETE",
  path: "/api/vendors/[id]",
  summary: "Delete a vendor",
  access: { permission: "vendors.manage" },
  response: okSchema,
  errors: { 409: "Tasks refer to the vendor: deactivate it instead (`blockers`)" },
});
