import { route } from "@/lib/http/route";
import { listSimplifiedVendors } from "@/lib/services/vendors/list-simplified-vendors";

export const GET = route(async () => listSimplifiedVendors(), { permission: "vendors.read.options" });
