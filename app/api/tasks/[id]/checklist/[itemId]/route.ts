import { route } from "@/lib/http/route";
import { updateChecklistItem } from "@/lib/services/tasks/update-checklist-item";
import * as op from "@/lib/tasks/contracts";

export const PATCH = route(op.updateChecklistItem, async ({ caller, params, body }) => updateChecklistItem(caller, String(params.id), String(params.itemId), body));
