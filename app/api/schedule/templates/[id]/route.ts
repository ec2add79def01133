import { route } from "@/lib/http/route";
import * as op from "@/lib/shift-templates/contracts";
import { deleteTemplate } from "@/lib/services/schedule/templates";

export const DELETE = route(op.deleteTemplate, async ({ caller, params }) => deleteTemplate(caller, String(params.id)));
