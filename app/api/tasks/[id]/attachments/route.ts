import { json, route } from "@/lib/http/route";
import { listTaskAttachments, uploadTaskAttachments } from "@/lib/services/task-comments/attachments";
import * as op from "@/lib/task-comments/contracts";

export const GET = route(op.listTaskAttachments, async ({ caller, params }) => listTaskAttachments(caller, String(params.id)));

/** multipart/form-data, streamed through lib/storage by route() (checked by content, 10MB each). */
export const POST = route(op.uploadTaskAttachments, async ({ caller, params, upload }) => json(await uploadTaskAttachments(caller, String(params.id), upload), 201));
