import { route } from "@/lib/http/route";
import { previewRule } from "@/lib/services/recurrence/preview-rule";
import { previewRuleSchema } from "@/lib/validations/recurrence";

/** The next dates of a rule and the rule in words (the task form's live preview). Reads nothing. */
export const POST = route(async ({ body }) => previewRule(await body(previewRuleSchema)), { permission: "tasks.read" });
