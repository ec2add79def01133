import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/chamber-contracts";
import { updateChamberSettings } from "@/lib/services/cases/operators";

export const PUT = route(op.updateChamberSettings, async ({ caller, body }) => updateChamberSettings(caller, body));
