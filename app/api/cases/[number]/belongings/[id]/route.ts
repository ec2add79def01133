import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { removeBelonging } from "@/lib/services/cases/belongings";

export const DELETE = route(op.removeCaseBelonging, async ({ caller, params }) => removeBelonging(caller, String(params.number), String(params.id)));
