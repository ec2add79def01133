import { route } from "@/lib/http/route";
import { deleteVendor } from "@/lib/services/vendors/delete-vendor";
import { getVendor } from "@/lib/services/vendors/get-vendor";
import { updateVendor } from "@/lib/services/vendors/update-vendor";
import { updateVendorSchema } from "@/lib/validations/vendors";

export const GET = route(async ({ params }) => getVendor(params.id), { permission: "vendors.manage" });

/** Edit; `isActive: false` deactivates, `true` reactivates. */
export const PATCH = route(async ({ caller, params, body }) => updateVendor(caller, params.id, await body(updateVendorSchema)), { permission: "vendors.manage" });

export const DELETE = route(async ({ caller, params }) => deleteVendor(caller, params.id), { permission: "vendors.manage" });
