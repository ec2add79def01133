import { z } from "zod";
import { AppError } from "./app-error";

/** Formats the first zod issue as "field: message" so a 400 always names the field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Validation failed";
  const field = issue.path.join(".");
  // Messages written for people (e.g. "Due date is required" for dueDate) already name the field.
  const last = String(issue.path.at(-1) ?? "");
  const message = normalize(issue.message);
  const names = [last, FIELD_LABELS[last]].filter(Boolean).map((name) => normalize(name!));
  if (!field || names.some((name) => name && message.includes(name))) return issue.message;
  return `${field}: ${issue.message}`;
}

/**
 * Fields whose messages say what the form's label says, not the API name: "Max occurrences must
 * be at least 1" (spec §5) names recurringMaxCount as it stands.
 */
const FIELD_LABELS: Record<string, string> = {
  recurringMaxCount: "Max occurrences",
  recurringPattern: "Recurrence pattern",
};

const normalize = (s: string) => s.toLowerCase().replace(/[^a-z0-9]/g, "");

export function parseWith<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) {
    throw new AppError("BAD_REQUEST", describeZodError(result.error), {
      fieldErrors: result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })),
    });
  }
  return result.data;
}

/** The largest JSON request body (413 above it). Upload routes set their own limit in route(). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

const tooLarge = (limit: number, message?: string) =>
  new AppError("PAYLOAD_TOO_LARGE", message ?? `Request body is too large: the limit is ${formatBytes(limit)}`, { limitBytes: limit });

const formatBytes = (bytes: number) => (bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${Math.round(bytes / 1024)} KB`);

/**
 * 413 before reading when the declared Content-Length is over the limit (an
 * anonymous 50 MB POST /api/login once grew the server by 170 MB). route() calls this for every
 * request, public ones included, before resolving the caller.
 */
export function assertContentLength(req: Request, limit: number, message?: string): void {
  const declared = req.headers.get("content-length");
  if (declared !== null && Number(declared) > limit) throw tooLarge(limit, message);
}

/**
 * Reads the body as text, counting bytes while it streams and cancelling at the limit, so a
 * body without a Content-Length (chunked) or with a false one cannot exceed it either.
 */
export async function readBodyText(req: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<string> {
  assertContentLength(req, limit);
  if (!req.body) return "";
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel().catch(() => undefined);
      throw tooLarge(limit);
    }
    chunks.push(value);
  }
  return new TextDecoder().decode(Buffer.concat(chunks));
}

export async function readJson(req: Request, limit = JSON_BODY_LIMIT_BYTES): Promise<unknown> {
  const text = await readBodyText(req, limit);
  if (!text.trim()) return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new AppError("BAD_REQUEST", "Malformed JSON body");
  }
}

export function searchParamsToObject(url: URL): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const key of new Set(url.searchParams.keys())) {
    const all = url.searchParams.getAll(key);
    out[key] = all.length > 1 ? all : all[0];
  }
  return out;
}
