import { route } from "@/lib/http/route";
import * as op from "@/lib/shift-templates/contracts";
import { copyLastWeek } from "@/lib/services/schedule/templates";

export const POST = route(op.copyLastWeek, async ({ caller, body }) => copyLastWeek(caller, body));
