import { route } from "@/lib/http/route";
import * as op from "@/lib/recurrence/contracts";
import { setSeriesState } from "@/lib/services/recurrence/set-series-state";

export const POST = route(op.pauseSeries, async ({ caller, params }) => setSeriesState(caller, String(params.id), "pause"));
