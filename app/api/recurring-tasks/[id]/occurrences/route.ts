import { route } from "@/lib/http/route";
import * as op from "@/lib/recurrence/contracts";
import { listOccurrences } from "@/lib/services/recurrence/list-occurrences";

export const GET = route(op.listOccurrences, async ({ caller, params, query }) => listOccurrences(caller, String(params.id), query));
