import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { updateRetention } from "@/lib/services/cases/cremation-log";

export const PUT = route(op.updateCaseRetention, async ({ caller, body }) => updateRetention(caller, body));
