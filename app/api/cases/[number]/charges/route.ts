import { route } from "@/lib/http/route";
import * as op from "@/lib/billing/contracts";
import { addCaseCharge } from "@/lib/services/billing/add-case-charge";
import { getCaseCharges } from "@/lib/services/billing/get-case-charges";

export const GET = route(op.getCaseCharges, ({ caller, params }) => getCaseCharges(caller, String(params.number)));
export const POST = route(op.addCaseCharge, ({ caller, params, body }) => addCaseCharge(caller, String(params.number), body));
