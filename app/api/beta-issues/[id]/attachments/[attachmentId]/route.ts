import * as op from "@/lib/beta-issues/contracts";
import { route } from "@/lib/http/route";
import { readBetaAttachment } from "@/lib/services/beta-issues/read-beta-attachment";

/** The only way to an attachment's bytes: the reporter and admins (else 404); images inline, the rest downloaded. */
export const GET = route(op.downloadBetaAttachment, async ({ caller, params }) => readBetaAttachment(caller, String(params.id), String(params.attachmentId)));
