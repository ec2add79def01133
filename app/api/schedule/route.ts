import { route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { getScheduleWeek } from "@/lib/services/schedule/get-week";

export const GET = route(op.getScheduleWeek, async ({ caller, query }) => getScheduleWeek(caller, query));
