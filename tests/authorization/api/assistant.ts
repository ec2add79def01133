import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createChatMessage, createChatSession } from "@/prisma/factories";
import { signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * The AI assistant (docs/assistant.md). Everyone signed in may chat; a discussion, its cards and
 * the files uploaded for it belong to the staff owner alone (404 for everyone else, admins too).
 * The e2e server has no model configured: chat answers in structured mode.
 */
const ownerOnly = { otherStaff: 404, manager: 404, admin: 404 } as const;

const ownersSession = (ctx: SetupContext) => createChatSession(ctx.db, { userId: ctx.users.staff.id, title: "Matrix discussion" });

async function ownersCard(ctx: SetupContext) {
  const session = await ownersSession(ctx);
  const actionId = randomUUID();
  const message = await createChatMessage(ctx.db, {
    sessionId: session.id,
    role: "assistant",
    content: "Confirm to punch in.",
    actions: [{ id: actionId, tool: "punchIn", title: "Punch in", fields: [], draft: { location: "desktop" }, status: "proposed" }],
  });
  return { actionId, messageId: message.id, sessionId: session.id };
}

/** A stored chat file of the owner: the row, and the bytes in the e2e server's upload folder. */
async function ownersAttachment(ctx: SetupContext) {
  const storageKey = `chat/matrix/${randomUUID()}`;
  const bytes = Buffer.from("matrix chat file\n");
  const file = path.resolve(__dirname, "../../../.data/e2e-uploads", process.env.E2E_PORT ?? "3100", ...storageKey.split("/"));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  return ctx.db.chatAttachment.create({ data: { userId: ctx.users.staff.id, fileName: "notes.txt", mimeType: "text/plain", sizeBytes: bytes.length, storageKey } });
}

export const assistantRows: ApiRow[] = [
  { route: "/api/agent/chat", method: "POST", setup: async () => ({ body: { message: "What is due today?" } }), expect: signedIn(200) },
  {
    route: "/api/agent/chat/upload",
    method: "POST",
    setup: async () => ({ multipart: { file: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Call the family\n") } } }),
    expect: signedIn(201),
  },
  { route: "/api/agent/chat/preferences", method: "GET", expect: signedIn(200) },
  { route: "/api/agent/chat/preferences", method: "PUT", setup: async () => ({ body: { allowTraining: false } }), expect: signedIn(200) },
  { route: "/api/agent/chat/status", method: "GET", expect: signedIn(200) },
  { route: "/api/agent/chat/sessions", method: "GET", expect: signedIn(200) },
  {
    route: "/api/agent/chat/sessions/[id]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/agent/chat/sessions/${(await ownersSession(ctx)).id}` }),
    expect: signedIn(200, ownerOnly),
  },
  {
    route: "/api/agent/chat/sessions/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/agent/chat/sessions/${(await ownersSession(ctx)).id}`, body: { title: "Renamed" } }),
    expect: signedIn(200, ownerOnly),
  },
  {
    route: "/api/agent/chat/sessions/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/agent/chat/sessions/${(await ownersSession(ctx)).id}` }),
    expect: signedIn(200, ownerOnly),
  },
  {
    route: "/api/agent/chat/actions",
    method: "POST",
    case: "cancel a card of the owner's discussion",
    setup: async (ctx) => {
      const { actionId, messageId, sessionId } = await ownersCard(ctx);
      return { body: { actionId, tool: "punchIn", draft: {}, decision: "cancel", messageId, sessionId } };
    },
    expect: signedIn(200, ownerOnly),
  },
  {
    route: "/api/agent/chat/attachments/[id]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/agent/chat/attachments/${(await ownersAttachment(ctx)).id}` }),
    expect: signedIn(200, ownerOnly),
  },
];
