import { route } from "@/lib/http/route";
import * as op from "@/lib/shift-templates/contracts";
import { applyTemplate } from "@/lib/services/schedule/templates";

export const POST = route(op.applyTemplate, async ({ caller, params, body }) => applyTemplate(caller, String(params.id), body));
