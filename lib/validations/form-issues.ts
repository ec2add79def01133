import type { z } from "zod";

/**
 * Re-raises a request schema's issues inside a form schema's transform (the form's fields are
 * not the request's, e.g. a repeated password), so each message lands on its field.
 */
export function addIssues(ctx: z.RefinementCtx, issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): void {
  for (const issue of issues) ctx.addIssue({ code: "custom", path: issue.path as Array<string | number>, message: issue.message });
}
