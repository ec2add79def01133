import { route } from "@/lib/http/route";
import * as op from "@/lib/pay/contracts";
import { deletePayRate } from "@/lib/services/pay/delete-pay-rate";
import { updatePayRate } from "@/lib/services/pay/update-pay-rate";

/** Correct a rate (`pay.manage`); 409 inside a locked pay period. */
export const PATCH = route(op.updatePayRate, async ({ caller, params, body }) => updatePayRate(caller, params.id, body));

/** Remove a rate entered by mistake (`pay.manage`); the audit row keeps it. */
export const DELETE = route(op.deletePayRate, async ({ caller, params }) => deletePayRate(caller, params.id));
