import { route } from "@/lib/http/route";
import * as op from "@/lib/processes/contracts";
import { previewSchedule } from "@/lib/services/processes/preview-schedule";

/** The workflow builder's live schedule preview (computes only; writes nothing). */
export const POST = route(op.previewProcessSchedule, async ({ body }) => previewSchedule(body));
