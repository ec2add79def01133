import { route } from "@/lib/http/route";
import { withdrawApproval } from "@/lib/services/time/withdraw-approval";
import * as op from "@/lib/time/contracts";

/** Withdraw approvals of a pay period that is not locked. */
export const POST = route(op.withdrawApproval, async ({ caller, body }) => withdrawApproval(caller, body));
