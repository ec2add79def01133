import { json, route } from "@/lib/http/route";
import { createVendor } from "@/lib/services/vendors/create-vendor";
import { listVendors } from "@/lib/services/vendors/list-vendors";
import { createVendorSchema, listVendorsQuerySchema } from "@/lib/validations/vendors";

export const GET = route(async ({ query }) => listVendors(query(listVendorsQuerySchema)), { permission: "vendors.manage" });

export const POST = route(async ({ caller, body }) => json(await createVendor(caller, await body(createVendorSchema)), 201), { permission: "vendors.manage" });
