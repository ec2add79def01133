import { route } from "@/lib/http/route";
import * as op from "@/lib/recurrence/contracts";
import { listSeries } from "@/lib/services/recurrence/list-series";

export const GET = route(op.listSeries, async ({ caller, query }) => listSeries(caller, query));
