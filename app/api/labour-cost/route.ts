import { route } from "@/lib/http/route";
import * as op from "@/lib/pay/contracts";
import { getLabourCost } from "@/lib/services/pay/get-labour-cost";

/** The range's labour cost by member, department, project, process run or case (`pay.read`). */
export const GET = route(op.getLabourCost, async ({ query }) => getLabourCost(query));
