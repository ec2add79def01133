import "server-only";
import type { Prisma } from "@/lib/generated/prisma/client";
import type { Caller } from "@/lib/auth/resolve-caller";
import { canSeeAllBetaIssues } from "@/lib/beta-issues/permissions";
import { db } from "@/lib/db";
import type { ListBetaIssuesQuery, betaIssueListSchema } from "@/lib/validations/beta-issues";
import { visibleBetaIssueWhere } from "./visibility";
import { betaIssueSummarySelect, toBetaIssueSummary } from "./beta-issue-shape";
import type { z } from "zod";

export type BetaIssuePage = z.input<typeof betaIssueListSchema>;

/**
 * GET /api/beta-issues: the caller's own issues ("My Beta Issues"), or every issue for admins
 * ("Beta Issues"), filtered, searched, sorted and paginated. One count and one select.
 */
export async function listBetaIssues(caller: Caller, query: ListBetaIssuesQuery): Promise<BetaIssuePage> {
  const filters: Prisma.BetaIssueWhereInput[] = [visibleBetaIssueWhere(caller)];
  if (query.status?.length) filters.push({ status: { in: query.status } });
  if (query.issueType?.length) filters.push({ issueType: { in: query.issueType } });
  if (query.severity?.length) filters.push({ severity: { in: query.severity } });
  if (query.reporterId && canSeeAllBetaIssues(caller)) filters.push({ reporterId: query.reporterId });
  if (query.q) filters.push(textFilter(query.q, canSeeAllBetaIssues(caller)));

  const where: Prisma.BetaIssueWhereInput = { AND: filters };
  const skip = (query.page - 1) * query.pageSize;
  const [total, rows] = await Promise.all([
    db.betaIssue.count({ where }),
    db.betaIssue.findMany({ where, select: betaIssueSummarySelect, orderBy: orderBy(query.sort, query.order), skip, take: query.pageSize }),
  ]);
  return { items: rows.map(toBetaIssueSummary), total, page: query.page, pageSize: query.pageSize, hasMore: skip + rows.length < total };
}

/** Every word in the title (trigram-indexed); admins also match the reporter's name. */
function textFilter(q: string, byReporter: boolean): Prisma.BetaIssueWhereInput {
  const words = q.split(/\s+/).filter(Boolean).slice(0, 8);
  return {
    AND: words.map((word) => {
      const title: Prisma.BetaIssueWhereInput = { title: { contains: word, mode: "insensitive" } };
      if (!byReporter) return title;
      return {
        OR: [
          title,
          { reporter: { firstName: { contains: word, mode: "insensitive" } } },
          { reporter: { lastName: { contains: word, mode: "insensitive" } } },
        ],
      };
    }),
  };
}

function orderBy(sort: ListBetaIssuesQuery["sort"], order?: "asc" | "desc"): Prisma.BetaIssueOrderByWithRelationInput[] {
  const tie: Prisma.BetaIssueOrderByWithRelationInput = { id: "asc" };
  switch (sort) {
    case "createdAt":
      return [{ createdAt: order ?? "desc" }, tie];
    case "updatedAt":
      return [{ updatedAt: order ?? "desc" }, tie];
    case "severity":
      // Enum order is informational < warning < blocker: most severe first by default.
      return [{ severity: order ?? "desc" }, { createdAt: "desc" }, tie];
    case "status":
      return [{ status: order ?? "asc" }, { createdAt: "desc" }, tie];
    case "title":
      return [{ title: order ?? "asc" }, tie];
  }
}
