import { route } from "@/lib/http/route";
import { updateChecklistItem } from "@/lib/services/tasks/update-checklist-item";
import { checklistItemPatchSchema } from "@/lib/validations/tasks";

export const PATCH = route(async ({ caller, params, body }) =>
  updateChecklistItem(caller, String(params.id), String(params.itemId), await body(checklistItemPatchSchema)),
  { permission: "tasks.write" },
);
