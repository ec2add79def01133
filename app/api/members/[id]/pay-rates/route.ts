import { route } from "@/lib/http/route";
import * as op from "@/lib/pay/contracts";
import { createPayRate } from "@/lib/services/pay/create-pay-rate";
import { listPayRates } from "@/lib/services/pay/list-pay-rates";

/** A member's pay rates and their audited history (`pay.read`). */
export const GET = route(op.listPayRates, async ({ params }) => listPayRates(params.id));

/** A new rate from a day (`pay.manage`); 409 inside a locked pay period. */
export const POST = route(op.createPayRate, async ({ caller, params, body }) => createPayRate(caller, params.id, body));
