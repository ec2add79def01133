import { route } from "@/lib/http/route";
import * as op from "@/lib/recurrence/contracts";
import { getSeries } from "@/lib/services/recurrence/list-series";

export const GET = route(op.getSeries, async ({ caller, params }) => getSeries(caller, String(params.id)));
