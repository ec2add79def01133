import { route } from "@/lib/http/route";
import { readTaskAttachment } from "@/lib/services/task-comments/attachments";
import * as op from "@/lib/task-comments/contracts";

/** The only way to a task file's bytes: whoever can see the task (else 404). */
export const GET = route(op.downloadTaskAttachment, async ({ caller, params }) => readTaskAttachment(caller, String(params.id), String(params.attachmentId)));
