import { route } from "@/lib/http/route";
import { deleteVendor } from "@/lib/services/vendors/delete-vendor";
import { getVendor } from "@/lib/services/vendors/get-vendor";
import { updateVendor } from "@/lib/services/vendors/update-vendor";
import * as op from "@/lib/vendors/contracts";

export const GET = route(op.getVendor, async ({ params }) => getVendor(params.id));

/** Edit; `isActive: false` deactivates, `true` reactivates. */
export const PATCH = route(op.updateVendor, async ({ caller, params, body }) => updateVendor(caller, params.id, body));

export const DELETE = route(op.deleteVendor, async ({ caller, params }) => deleteVendor(caller, params.id));
