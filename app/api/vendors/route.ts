import { json, route } from "@/lib/http/route";
import { createVendor } from "@/lib/services/vendors/create-vendor";
import { listVendors } from "@/lib/services/vendors/list-vendors";
import * as op from "@/lib/vendors/contracts";

export const GET = route(op.listVendors, async ({ query }) => listVendors(query));

export const POST = route(op.createVendor, async ({ caller, body }) => json(await createVendor(caller, body), 201));
