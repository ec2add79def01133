import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/chamber-contracts";
import { setChamberService } from "@/lib/services/cases/chamber-maintenance";

export const POST = route(op.setChamberService, async ({ caller, params, body }) => setChamberService(caller, String(params.id), body));
