import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/chamber-contracts";
import { removeCertification } from "@/lib/services/cases/operators";

export const DELETE = route(op.removeCertification, async ({ caller, params }) => removeCertification(caller, String(params.id)));
