import { route } from "@/lib/http/route";
import * as op from "@/lib/pay/contracts";
import { listLabourCostLines } from "@/lib/services/pay/list-labour-cost-lines";

/** The minutes behind a labour-cost figure (`pay.read`). */
export const GET = route(op.listLabourCostLines, async ({ caller, query }) => listLabourCostLines(caller, query));
