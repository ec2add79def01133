import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createTimeEntry } from "@/prisma/factories";
import { ownersTask, punchCallerIn } from "../fixtures";
import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Tasks (docs/tasks.md). The staff owner created the task in the department. A private task is
 * seen by its creator and admins only (404 for the rest); editing is for the creator, the
 * assignee and team, the department's managers and admins (403 for other staff).
 */
const editors = { otherStaff: 403 } as const;
const privateTask = { otherStaff: 404, manager: 404 } as const;

/** A comment by the staff owner on their (public) task. */
async function ownersComment(ctx: SetupContext) {
  const task = await ownersTask(ctx);
  return ctx.db.taskComment.create({ data: { taskId: task.id, authorId: ctx.users.staff.id, body: "<p>Owner's note</p>" } });
}

export const taskRows: ApiRow[] = [
  { route: "/api/tasks", method: "GET", expect: signedIn(200) },
  {
    route: "/api/tasks",
    method: "POST",
    setup: async (ctx) => ({ body: { title: "Matrix task", department: ctx.unitId, dueDate: new Date(Date.now() + 86_400_000).toISOString() } }),
    expect: signedIn(201),
  },
  {
    route: "/api/tasks/[id]",
    method: "GET",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}` }),
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]",
    method: "GET",
    case: "public task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx)).id}` }),
    expect: signedIn(200),
  },
  {
    route: "/api/tasks/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx)).id}`, body: { title: "Renamed" } }),
    expect: signedIn(200, editors),
  },
  {
    route: "/api/tasks/[id]",
    method: "PATCH",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}`, body: { title: "Renamed" } }),
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx)).id}` }),
    expect: signedIn(200, editors),
  },
  {
    route: "/api/tasks/[id]/checklist/[itemId]",
    method: "PATCH",
    setup: async (ctx) => {
      const task = await ownersTask(ctx, { checklist: ["First"] });
      return { path: `/api/tasks/${task.id}/checklist/${task.checklistItems[0].id}`, body: { isCompleted: true } };
    },
    expect: signedIn(200, editors),
  },
  {
    route: "/api/tasks/[id]/claim",
    method: "POST",
    case: "open for pickup in the department",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { availableForPickup: true })).id}/claim` }),
    expect: signedIn(200, { admin: 403 }),
  },
  {
    route: "/api/tasks/[id]/clock-in",
    method: "POST",
    case: "caller punched in",
    setup: async (ctx) => {
      await punchCallerIn(ctx);
      return { path: `/api/tasks/${(await ownersTask(ctx)).id}/clock-in`, body: {} };
    },
    expect: signedIn(200),
  },
  {
    route: "/api/tasks/[id]/clock-in",
    method: "POST",
    case: "private task, caller punched in",
    setup: async (ctx) => {
      await punchCallerIn(ctx);
      return { path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/clock-in`, body: {} };
    },
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]/clock-out",
    method: "POST",
    case: "caller clocked into the task",
    setup: async (ctx) => {
      const task = await ownersTask(ctx);
      const punch = await punchCallerIn(ctx);
      if (punch && ctx.caller) await createTimeEntry(ctx.db, { userId: ctx.caller.id, taskId: task.id, punchSessionId: punch.id });
      return { path: `/api/tasks/${task.id}/clock-out`, body: {} };
    },
    expect: signedIn(200),
  },
  { route: "/api/tasks/[id]/complete", method: "POST", setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx)).id}/complete` }), expect: signedIn(200, editors) },
  {
    route: "/api/tasks/[id]/reopen",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { status: "completed", completedAt: new Date() })).id}/reopen` }),
    expect: signedIn(200, editors),
  },
  {
    route: "/api/tasks/[id]/history",
    method: "GET",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/history` }),
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]/comments",
    method: "GET",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/comments` }),
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]/comments",
    method: "POST",
    case: "public task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx)).id}/comments`, body: { body: "<p>Matrix comment</p>" } }),
    expect: signedIn(201),
  },
  {
    route: "/api/tasks/[id]/comments",
    method: "POST",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/comments`, body: { body: "<p>Matrix comment</p>" } }),
    expect: signedIn(201, privateTask),
  },
  {
    route: "/api/tasks/[id]/comments/[commentId]",
    method: "PATCH",
    case: "the owner's comment",
    setup: async (ctx) => {
      const comment = await ownersComment(ctx);
      return { path: `/api/tasks/${comment.taskId}/comments/${comment.id}`, body: { body: "<p>Edited</p>" } };
    },
    expect: signedIn(200, { otherStaff: 403, manager: 403, admin: 403 }),
  },
  {
    route: "/api/tasks/[id]/comments/[commentId]",
    method: "DELETE",
    case: "the owner's comment",
    setup: async (ctx) => {
      const comment = await ownersComment(ctx);
      return { path: `/api/tasks/${comment.taskId}/comments/${comment.id}` };
    },
    expect: signedIn(200, { otherStaff: 403, manager: 403 }),
  },
  {
    route: "/api/tasks/[id]/mentionable",
    method: "GET",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/mentionable?q=a` }),
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]/attachments",
    method: "GET",
    case: "private task",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/attachments` }),
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]/attachments",
    method: "POST",
    case: "private task",
    setup: async (ctx) => ({
      path: `/api/tasks/${(await ownersTask(ctx, { isPrivate: true })).id}/attachments`,
      multipart: { files: { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("Pickup at 3 pm\n") } },
    }),
    expect: signedIn(201, privateTask),
  },
  {
    route: "/api/tasks/[id]/attachments/[attachmentId]",
    method: "GET",
    case: "private task",
    setup: async (ctx) => {
      const task = await ownersTask(ctx, { isPrivate: true });
      // Written where the matrix's server keeps its uploads (as the beta-issue rows do).
      const storageKey = `tasks/matrix/${randomUUID()}`;
      const bytes = Buffer.from("matrix attachment\n");
      const file = path.resolve(__dirname, "../../../.data/e2e-uploads", process.env.E2E_PORT ?? "3100", ...storageKey.split("/"));
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, bytes);
      const attachment = await ctx.db.taskAttachment.create({
        data: { taskId: task.id, uploadedById: ctx.users.staff.id, fileName: "notes.txt", mimeType: "text/plain", sizeBytes: bytes.length, storageKey },
      });
      return { path: `/api/tasks/${task.id}/attachments/${attachment.id}` };
    },
    expect: signedIn(200, privateTask),
  },
  {
    route: "/api/tasks/[id]/restore",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/tasks/${(await ownersTask(ctx, { deleted: true })).id}/restore` }),
    expect: adminOnly(200),
  },
  { route: "/api/dashboard/stats", method: "GET", expect: signedIn(200) },
  { route: "/api/projects", method: "GET", expect: signedIn(200) },
  { route: "/api/admin/deleted-tasks", method: "GET", expect: adminOnly(200) },
];
