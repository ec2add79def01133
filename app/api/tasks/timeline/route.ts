import * as op from "@/lib/gantt/contracts";
import { route } from "@/lib/http/route";
import { getTimeline } from "@/lib/services/gantt/get-timeline";

/** The Gantt chart's read (docs/gantt.md): visible tasks overlapping [from, to), their projects and links. */
export const GET = route(op.getTimeline, async ({ caller, query }) => getTimeline(caller, query));
