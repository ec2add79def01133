import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { getCaseTurnaround } from "@/lib/services/cases/turnaround";

export const GET = route(op.getCaseTurnaround, async ({ caller, query }) => getCaseTurnaround(caller, query));
