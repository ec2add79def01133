import { route } from "@/lib/http/route";
import * as op from "@/lib/recurrence/contracts";
import { previewRule } from "@/lib/services/recurrence/preview-rule";

/** The next dates of a rule and the rule in words (the task form's live preview). Reads nothing. */
export const POST = route(op.previewRule, async ({ body }) => previewRule(body));
