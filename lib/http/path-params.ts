/**
 * The one parser of path segments. Every `[name]` of an operation's path (lib/http/operation.ts)
 * is parsed by route() before the handler runs, with the parser its name stands for here:
 * ids are uuids, a case reference or a certificate code is single-line text, an event's number is a bounded integer,
 * panels and job names are keys. A segment that cannot name anything (a malformed id, NUL,
 * CR/LF, a lone surrogate, a number out of the column's range, text too long) is a 404 with the
 * resource's "not found" message, the same answer as a missing row, and never reaches a service
 * or Postgres. The router has already percent-decoded the segment: nothing decodes it again.
 *
 * A new parameter name is added here (tests/fuzz/input-schemas.test.ts fails until it is).
 * Pure: zod only.
 */
import { z } from "zod";
import { UUID_PATTERN } from "@/lib/validations/ids";
import { text } from "@/lib/validations/text";

/** Postgres `integer`: the largest value an `Int` column (a case event's seq) holds. */
export const MAX_INT4 = 2_147_483_647;

const segment = (max: number) => text().min(1).max(max);

/** The kinds of path segment, each a zod schema from the decoded segment (a string) to its value. */
export const PATH_SEGMENT = {
  /** A row's id: a Postgres uuid. */
  uuid: z.string().regex(UUID_PATTERN),
  /**
   * A reference a person types or scans, parsed by its service: a case's number (C-2026-00042),
   * label token or tag serial (lib/services/cases/case-access.ts), a certificate's verification
   * code. Here only what no reference holds is refused: control characters, broken text, length.
   */
  ref: segment(200).trim().min(1),
  /** A positive number that fits an `integer` column (1 … 2,147,483,647). */
  int: z
    .string()
    .regex(/^[1-9]\d{0,9}$/)
    .transform(Number)
    .pipe(z.number().int().max(MAX_INT4)),
  /** A signed token (the family link's): verified by its service; here only its length and characters. */
  token: z.string().regex(/^[A-Za-z0-9._~-]{1,300}$/),
  /** A name from a fixed list (a statistics panel, a job): letters, digits, dashes and underscores. */
  key: z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/),
  /** A catch-all's segments, each single-line text. */
  rest: z.array(segment(500)).max(50),
} as const;

type SegmentKind = keyof typeof PATH_SEGMENT;

/** What each parameter name stands for, in every path of the API. */
export const PATH_PARAMS = {
  id: "uuid",
  userId: "uuid",
  attachmentId: "uuid",
  commentId: "uuid",
  itemId: "uuid",
  dependsOnId: "uuid",
  requestId: "uuid",
  number: "ref",
  code: "ref",
  seq: "int",
  token: "token",
  panel: "key",
  name: "key",
  path: "rest",
  nextauth: "rest",
} as const satisfies Record<string, SegmentKind>;

export type PathParamName = keyof typeof PATH_PARAMS;

/** The 404 message of a segment that names nothing, by the path word before it ("tasks/[id]": "Task not found"). */
const NOT_FOUND: Record<string, string> = {
  "api-keys": "API key not found",
  alerts: "Alert not found",
  attachments: "File not found",
  cases: "Case not found",
  checklist: "Checklist item not found",
  comments: "Comment not found",
  corrections: "Correction request not found",
  dependencies: "Dependency not found",
  events: "File not found",
  "expected-starts": "Expected start not found",
  invitations: "Invitation not found",
  members: "Member not found",
  "organizational-units": "Unit not found",
  processes: "Process not found",
  projects: "Project not found",
  "punch-posts": "Punch post not found",
  "recurring-tasks": "Recurring task not found",
  requests: "That pickup request is not on this run",
  rules: "Alert rule not found",
  runs: "Run not found",
  sessions: "Session not found",
  statistics: "Unknown statistics panel",
  tasks: "Task not found",
  vendors: "Vendor not found",
  "beta-issues": "Beta issue not found",
};

/** Parameter names of a path, in order: "/api/tasks/[id]/comments/[commentId]" -> ["id", "commentId"] ("[...path]" -> "path"). */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/\[(?:\.\.\.)?([^\]]+)\]/g)].map((match) => match[1]);
}

/** The schema a parameter name stands for (an unknown name: single-line text, so nothing hostile passes meanwhile). */
export function pathParamSchema(name: string): z.ZodType {
  const kind = (PATH_PARAMS as Record<string, SegmentKind | undefined>)[name];
  return kind ? PATH_SEGMENT[kind] : segment(200);
}

function notFoundMessage(path: string, name: string): string {
  const parts = path.split("/");
  const at = parts.findIndex((part) => part === `[${name}]` || part === `[...${name}]`);
  const sessionsOfChat = parts[at - 1] === "sessions" && parts[at - 2] === "chat";
  if (sessionsOfChat) return "Conversation not found";
  return NOT_FOUND[parts[at - 1] ?? ""] ?? "Not found";
}

export type PathParamsResult = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

/**
 * Parses the router's params for an operation's path. Every name of the path must be present
 * (a catch-all may be absent: "no segments"); names the path does not have are dropped.
 */
export function parsePathParams(path: string, raw: Record<string, string | string[] | undefined>): PathParamsResult {
  const params: Record<string, unknown> = {};
  for (const name of pathParamNames(path)) {
    const value = raw[name];
    const catchAll = path.includes(`[...${name}]`);
    const parsed = pathParamSchema(name).safeParse(catchAll ? (value === undefined ? [] : Array.isArray(value) ? value : [value]) : value);
    if (!parsed.success) return { ok: false, message: notFoundMessage(path, name) };
    params[name] = parsed.data;
  }
  return { ok: true, params };
}

/**
 * Whether a request's raw path (as it arrives, before the router decodes it) has a percent-escape
 * that is not UTF-8 (`%E0%A4%A`, an encoded lone surrogate `%ED%A0%80`). Next's router cannot
 * decode it and answers a plain 500; scripts/server.ts answers 400 before handing it on.
 */
export function hasMalformedEscape(rawUrl: string): boolean {
  const pathname = rawUrl.split(/[?#]/, 1)[0];
  try {
    for (const segment of pathname.split("/")) decodeURIComponent(segment);
    return false;
  } catch {
    return true;
  }
}

export const MALFORMED_PATH_MESSAGE = "The address is not valid: a percent-escape in its path is not UTF-8";
