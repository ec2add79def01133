import { json, route } from "@/lib/http/route";
import { chatUploadBodyLimit } from "@/lib/services/assistant/attachment-policy";
import { uploadChatAttachment } from "@/lib/services/assistant/upload-chat-attachment";

/** Spec §7: one multipart file -> id and url (images, PDF, doc, docx, txt; 10MB; typed by content). */
export const POST = route(async ({ req, caller }) => json(await uploadChatAttachment(caller, req), 201), { permission: "assistant.use", ...chatUploadBodyLimit });
