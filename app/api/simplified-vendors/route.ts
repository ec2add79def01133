import { route } from "@/lib/http/route";
import { listSimplifiedVendors } from "@/lib/services/vendors/list-simplified-vendors";
import * as op from "@/lib/vendors/contracts";

export const GET = route(op.listSimplifiedVendors, async () => listSimplifiedVendors());
