import "server-only";
import { BETA_REQUIRED_MESSAGE, stripBetaPrefix } from "@/lib/beta-issues/options";
import { AppError } from "@/lib/http/app-error";
import { parseWith } from "@/lib/http/parse";
import { createBetaIssueSchema, type CreateBetaIssueInput } from "@/lib/validations/beta-issues";

const REQUIRED = [
  ["issueType", (v: unknown) => typeof v === "string" && v.trim() !== ""],
  ["title", (v: unknown) => typeof v === "string" && stripBetaPrefix(v) !== ""],
  ["description", (v: unknown) => typeof v === "string" && v.trim() !== ""],
] as const;

/**
 * The create body, from JSON or from multipart fields (where environment arrives as a JSON
 * string). A missing category, title or description answers with spec §5's one message,
 * listing every missing field; other problems name their field.
 */
export function parseCreateBetaIssueInput(raw: unknown): CreateBetaIssueInput {
  const body = (raw && typeof raw === "object" ? raw : {}) as Record<string, unknown>;
  const missing = REQUIRED.filter(([field, present]) => !present(body[field])).map(([field]) => field);
  if (missing.length > 0) {
    throw new AppError("BAD_REQUEST", BETA_REQUIRED_MESSAGE, {
      fieldErrors: missing.map((path) => ({ path, message: BETA_REQUIRED_MESSAGE })),
    });
  }
  let environment = body.environment;
  if (typeof environment === "string") {
    try {
      environment = JSON.parse(environment);
    } catch {
      throw new AppError("BAD_REQUEST", "environment: must be a JSON object");
    }
  }
  return parseWith(createBetaIssueSchema, { ...body, environment });
}
