import * as op from "@/lib/accountability/contracts";
import { route } from "@/lib/http/route";
import { getAccountabilityDetails } from "@/lib/services/accountability/accountability";

/** The list behind one figure (?metric=&userId= or &unitId=). */
export const GET = route(op.getAccountabilityDetails, async ({ caller, query }) => getAccountabilityDetails(caller, query));
