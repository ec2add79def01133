import { route } from "@/lib/http/route";
import { previewSchedule } from "@/lib/services/processes/preview-schedule";
import { schedulePreviewSchema } from "@/lib/validations/processes";

/** The workflow builder's live schedule preview (computes only; writes nothing). */
export const POST = route(async ({ body }) => previewSchedule(await body(schedulePreviewSchema)), { permission: "processes.read" });
