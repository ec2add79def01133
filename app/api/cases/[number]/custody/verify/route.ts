import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { verifyCustody } from "@/lib/services/cases/verify-custody";

export const GET = route(op.verifyCustody, async ({ caller, params }) => verifyCustody(caller, String(params.number)));
