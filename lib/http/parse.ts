import { z } from "zod";
import { AppError } from "./app-error";

/** Formats the first zod issue as "field: message" so a 400 always names the field. */
export function describeZodError(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "Validation failed";
  const field = issue.path.join(".");
  // Messages written for people (e.g. "Due date is required" for dueDate) already name the field.
  const last = normalize(String(issue.path.at(-1) ?? ""));
  if (!field || (last && normalize(issue.message).includes(last))) return issue.message;
  return `${field}: ${issue.message}`;
}

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

export async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
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
