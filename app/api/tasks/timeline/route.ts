import { route } from "@/lib/http/route";
import { getTimeline } from "@/lib/services/gantt/get-timeline";
import { timelineQuerySchema } from "@/lib/validations/gantt";

/** The Gantt chart's read (docs/gantt.md): visible tasks overlapping [from, to), their projects and links. */
export const GET = route(async ({ caller, query }) => getTimeline(caller, query(timelineQuerySchema)), { permission: "tasks.read" });
