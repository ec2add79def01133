import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { listDispatchRequests } from "@/lib/services/runs/list-dispatch-requests";

export const GET = route(op.listDispatchRequests, async ({ query }) => listDispatchRequests(query));
