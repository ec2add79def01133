import { route } from "@/lib/http/route";
import { getAccountabilityDetails } from "@/lib/services/accountability/accountability";
import { accountabilityDetailQuerySchema } from "@/lib/validations/alerts";

/** The list behind one figure (?metric=&userId= or &unitId=). */
export const GET = route(async ({ caller, query }) => getAccountabilityDetails(caller, query(accountabilityDetailQuerySchema)), { permission: "accountability.read" });
