import * as op from "@/lib/gantt/contracts";
import { jsonText, route } from "@/lib/http/route";
import { getTimeline } from "@/lib/services/gantt/get-timeline";

/** The Gantt chart's read (docs/gantt.md): visible tasks overlapping [from, to), their projects and links, as JSON text from Postgres. */
export const GET = route(op.getTimeline, async ({ caller, query }) => jsonText(await getTimeline(caller, query)));
