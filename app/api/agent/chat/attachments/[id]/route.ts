import * as op from "@/lib/assistant/contracts";
import { route } from "@/lib/http/route";
import { readChatAttachment } from "@/lib/services/assistant/read-chat-attachment";

/** A chat file's bytes, for its uploader only (anyone else: 404); images inline, the rest downloaded. */
export const GET = route(op.downloadChatAttachment, async ({ caller, params }) => readChatAttachment(caller, String(params.id)));
