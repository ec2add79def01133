import { route } from "@/lib/http/route";
import * as op from "@/lib/cases/contracts";
import { addBelonging, listBelongings } from "@/lib/services/cases/belongings";

export const GET = route(op.listCaseBelongings, async ({ caller, params }) => listBelongings(caller, String(params.number)));

export const POST = route(op.addCaseBelonging, async ({ caller, params, upload }) => addBelonging(caller, String(params.number), upload));
