import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { belongingPhotoResponse } from "@/lib/services/cases/belongings";

export const GET = route(op.getCaseBelongingPhoto, async ({ caller, params }) => belongingPhotoResponse(caller, String(params.number), String(params.id)));
