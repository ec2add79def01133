import { z } from "zod";
import {
  BETA_ISSUE_SEVERITIES,
  BETA_ISSUE_STATUSES,
  BETA_ISSUE_TYPES,
  BETA_REQUIRED_MESSAGE,
  stripBetaPrefix,
} from "@/lib/beta-issues/options";
import { isoDateTime, okSchema } from "./common";
import { UUID_PATTERN } from "./ids";
import { multilineText, text } from "./text";
import { dateString } from "./dates";

/**
 * Beta issue contracts (spec §3, §5, §7). Category, title and description are all required with
 * one message; the title arrives with the "[BETA] " prefix, which does not count as content.
 */
const short = (max: number) => text().trim().max(max).optional();

/** What the dialog captures from the browser; every field optional and bounded. */
export const betaEnvironmentSchema = z
  .object({
    pageUrl: short(2000),
    userAgent: short(1000),
    screen: short(40),
    viewport: short(40),
    pixelRatio: z.number().positive().max(16).optional(),
    language: short(40),
    timeZone: short(80),
    platform: short(120),
  })
  .strip();
export type BetaEnvironment = z.infer<typeof betaEnvironmentSchema>;

const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const createBetaIssueSchema = z.object({
  title: text({ error: BETA_REQUIRED_MESSAGE })
    .refine((value) => stripBetaPrefix(value).length > 0, BETA_REQUIRED_MESSAGE)
    .refine((value) => stripBetaPrefix(value).length <= 200, "Title must be at most 200 characters"),
  description: multilineText({ error: BETA_REQUIRED_MESSAGE }).trim().min(1, BETA_REQUIRED_MESSAGE).max(20_000, "Description must be at most 20000 characters"),
  issueType: z.preprocess(blankToUndefined, z.enum(BETA_ISSUE_TYPES, { error: (issue) => (issue.input === undefined ? BETA_REQUIRED_MESSAGE : "must be bug, feature, usability or general") })),
  severity: z.preprocess(blankToUndefined, z.enum(BETA_ISSUE_SEVERITIES, { error: "must be informational, warning or blocker" }).optional()),
  environment: betaEnvironmentSchema.optional(),
});
export type CreateBetaIssueInput = z.infer<typeof createBetaIssueSchema>;

/** "a,b" or a repeated parameter (?status=a&status=b). */
const csv = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .union([text(), z.array(text())])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]).flatMap((part) => part.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.enum(values)))
    .optional();

export const BETA_SORTS = ["createdAt", "updatedAt", "severity", "status", "title"] as const;

export const listBetaIssuesQuerySchema = z.object({
  status: csv(BETA_ISSUE_STATUSES),
  issueType: csv(BETA_ISSUE_TYPES),
  severity: csv(BETA_ISSUE_SEVERITIES),
  reporterId: z.string().regex(UUID_PATTERN, "must be a valid member id").optional(),
  q: text().trim().max(200).optional().transform((v) => v || undefined),
  sort: z.enum(BETA_SORTS).default("createdAt"),
  order: z.enum(["asc", "desc"]).optional(),
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListBetaIssuesQuery = z.infer<typeof listBetaIssuesQuerySchema>;

export const updateBetaIssueSchema = z
  .object({
    status: z.enum(BETA_ISSUE_STATUSES).optional(),
    severity: z.enum(BETA_ISSUE_SEVERITIES).optional(),
  })
  .refine((value) => value.status !== undefined || value.severity !== undefined, "Send a status or a severity");
export type UpdateBetaIssueInput = z.infer<typeof updateBetaIssueSchema>;

export const COMMENT_REQUIRED = "Comment is required";
export const createBetaCommentSchema = z.object({
  body: multilineText({ error: COMMENT_REQUIRED }).trim().min(1, COMMENT_REQUIRED).max(5000, "Comment must be at most 5000 characters"),
});
export type CreateBetaCommentInput = z.infer<typeof createBetaCommentSchema>;

/** Optional overrides when turning an issue into a task; the defaults need no input. */
export const convertBetaIssueSchema = z.object({
  department: z.string().regex(UUID_PATTERN, "must be a valid department").optional(),
  dueDate: dateString("Due date must be a valid date").optional(),
});
export type ConvertBetaIssueInput = z.infer<typeof convertBetaIssueSchema>;

// ---------------------------------------------------------------- answers

/** A reporter, commenter or triager; `isAdmin` drives the "Admin" badge in the thread. */
export const betaPersonSchema = z.object({ id: z.string(), firstName: z.string(), lastName: z.string(), isAdmin: z.boolean() });

export const betaIssueSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  issueType: z.enum(BETA_ISSUE_TYPES),
  severity: z.enum(BETA_ISSUE_SEVERITIES),
  status: z.enum(BETA_ISSUE_STATUSES),
  reporter: betaPersonSchema,
  attachmentCount: z.number().int(),
  commentCount: z.number().int(),
  convertedTask: z.object({ id: z.string(), displayNumber: z.number().int().nullable() }).nullable(),
  createdAt: isoDateTime,
  updatedAt: isoDateTime,
});
export type BetaIssueSummary = z.infer<typeof betaIssueSummarySchema>;

export const betaIssueListSchema = z.object({
  items: z.array(betaIssueSummarySchema),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  hasMore: z.boolean(),
});
export type BetaIssueListPage = z.infer<typeof betaIssueListSchema>;

export const betaAttachmentSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** The authorized download route. */
  url: z.string(),
  /** A raster image, shown inline as a preview. */
  isImage: z.boolean(),
  createdAt: isoDateTime,
});

export const betaCommentSchema = z.object({ id: z.string(), body: z.string(), author: betaPersonSchema, createdAt: isoDateTime });
export type BetaComment = z.infer<typeof betaCommentSchema>;

export const betaHistorySchema = z.object({
  id: z.string(),
  fromStatus: z.enum(BETA_ISSUE_STATUSES).nullable(),
  toStatus: z.enum(BETA_ISSUE_STATUSES).nullable(),
  fromSeverity: z.enum(BETA_ISSUE_SEVERITIES).nullable(),
  toSeverity: z.enum(BETA_ISSUE_SEVERITIES).nullable(),
  actor: betaPersonSchema.nullable(),
  createdAt: isoDateTime,
});

export const betaIssueDetailSchema = betaIssueSummarySchema.extend({
  description: z.string(),
  /** What the dialog captured; the page URL and browser are kept apart (null when unknown). */
  environment: z.object({
    pageUrl: z.string().nullable(),
    userAgent: z.string().nullable(),
    screen: z.string().optional(),
    viewport: z.string().optional(),
    pixelRatio: z.number().optional(),
    language: z.string().optional(),
    timeZone: z.string().optional(),
    platform: z.string().optional(),
  }),
  attachments: z.array(betaAttachmentSchema),
  comments: z.array(betaCommentSchema),
  history: z.array(betaHistorySchema),
  /** What the reader may do with the issue. */
  permissions: z.object({ canComment: z.boolean(), canTriage: z.boolean(), canConvert: z.boolean(), canDelete: z.boolean() }),
});
export type BetaIssue = z.infer<typeof betaIssueDetailSchema>;

export const betaIssueDeletedSchema = okSchema.extend({ deletedFiles: z.number().int() });
