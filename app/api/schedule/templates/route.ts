import { json, route } from "@/lib/http/route";
import * as op from "@/lib/shift-templates/contracts";
import { listTemplates, saveTemplate } from "@/lib/services/schedule/templates";

export const GET = route(op.listTemplates, async ({ caller }) => listTemplates(caller));
export const POST = route(op.saveTemplate, async ({ caller, body }) => json(await saveTemplate(caller, body), 201));
