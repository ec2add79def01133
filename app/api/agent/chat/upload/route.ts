import * as op from "@/lib/assistant/contracts";
import { json, route } from "@/lib/http/route";
import { uploadChatAttachment } from "@/lib/services/assistant/upload-chat-attachment";

/** Spec §7: one multipart file -> id and url (images, PDF, doc, docx, txt; 10MB; typed by content). */
export const POST = route(op.uploadChatAttachment, async ({ caller, upload }) => json(await uploadChatAttachment(caller, upload), 201));
