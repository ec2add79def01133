import { randomUUID } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import { createBetaIssue } from "@/prisma/factories";
import { adminOnly, signedIn, type ApiRow, type SetupContext } from "../types";

/**
 * Beta issues (docs/beta-issues.md). The staff owner reported the issue. Reading it, its files
 * and its comment thread is for the reporter and admins (404 for the rest); triage, convert and
 * delete are for admins (403 for everyone else signed in).
 */
const reporterAndAdmins = { otherStaff: 404, manager: 404 } as const;

const ownersIssue = (ctx: SetupContext) => createBetaIssue(ctx.db, { reporterId: ctx.users.staff.id });

/**
 * A stored attachment of the owner's issue: the row, and the bytes in the e2e server's upload
 * folder (e2e/support/server.ts: .data/e2e-uploads/<E2E_PORT>, disk storage).
 */
async function ownersAttachment(ctx: SetupContext) {
  const issue = await ownersIssue(ctx);
  const storageKey = `beta-issues/matrix/${randomUUID()}`;
  const bytes = Buffer.from("matrix attachment\n");
  const file = path.resolve(__dirname, "../../../.data/e2e-uploads", process.env.E2E_PORT ?? "3100", ...storageKey.split("/"));
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  const attachment = await ctx.db.betaIssueAttachment.create({
    data: { betaIssueId: issue.id, fileName: "notes.txt", mimeType: "text/plain", sizeBytes: bytes.length, storageKey },
  });
  return { issue, attachment };
}

export const betaIssueRows: ApiRow[] = [
  { route: "/api/beta-issues", method: "GET", expect: signedIn(200) },
  {
    route: "/api/beta-issues",
    method: "POST",
    setup: async () => ({ body: { title: "[BETA] Matrix issue", description: "Steps to reproduce", issueType: "bug" } }),
    expect: signedIn(201),
  },
  {
    route: "/api/beta-issues/[id]",
    method: "GET",
    setup: async (ctx) => ({ path: `/api/beta-issues/${(await ownersIssue(ctx)).id}` }),
    expect: signedIn(200, reporterAndAdmins),
  },
  {
    route: "/api/beta-issues/[id]",
    method: "PATCH",
    setup: async (ctx) => ({ path: `/api/beta-issues/${(await ownersIssue(ctx)).id}`, body: { status: "triaged" } }),
    expect: adminOnly(200),
  },
  {
    route: "/api/beta-issues/[id]",
    method: "DELETE",
    setup: async (ctx) => ({ path: `/api/beta-issues/${(await ownersIssue(ctx)).id}` }),
    expect: adminOnly(200),
  },
  {
    route: "/api/beta-issues/[id]/comments",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/beta-issues/${(await ownersIssue(ctx)).id}/comments`, body: { body: "Still happens" } }),
    expect: signedIn(201, reporterAndAdmins),
  },
  {
    route: "/api/beta-issues/[id]/convert",
    method: "POST",
    setup: async (ctx) => ({ path: `/api/beta-issues/${(await ownersIssue(ctx)).id}/convert`, body: { department: ctx.unitId } }),
    expect: adminOnly(201),
  },
  {
    route: "/api/beta-issues/[id]/attachments/[attachmentId]",
    method: "GET",
    setup: async (ctx) => {
      const { issue, attachment } = await ownersAttachment(ctx);
      return { path: `/api/beta-issues/${issue.id}/attachments/${attachment.id}` };
    },
    expect: signedIn(200, reporterAndAdmins),
  },
];
