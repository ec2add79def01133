import * as op from "@/lib/gantt/contracts";
import { route } from "@/lib/http/route";
import { setTaskDates } from "@/lib/services/gantt/set-task-dates";

/** The Gantt's Undo of a shift (docs/gantt.md): several tasks' dates set back in one transaction. */
export const PUT = route(op.setTaskDates, async ({ caller, body }) => setTaskDates(caller, body));
