import { route } from "@/lib/http/route";
import * as op from "@/lib/runs/contracts";
import { getRunSettings, updateRunSettings } from "@/lib/services/runs/run-settings";

export const GET = route(op.getRunSettings, async () => getRunSettings());
export const PUT = route(op.updateRunSettings, async ({ caller, body }) => updateRunSettings(caller, body));
