import { route } from "@/lib/http/route";
import * as op from "@/lib/schedule/contracts";
import { publishSchedule } from "@/lib/services/schedule/publish-schedule";

export const POST = route(op.publishSchedule, async ({ caller, body }) => publishSchedule(caller, body));
