import { route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { getMySchedule } from "@/lib/services/schedule/get-my-schedule";

export const GET = route(op.getMySchedule, async ({ caller, query }) => getMySchedule(caller, query));
