import { route } from "@/lib/http/route";
import { approvePeriod } from "@/lib/services/time/approvals";
import { approvePeriodSchema } from "@/lib/validations/time";

/** Approve and lock a pay period for the given members, or every active member. */
export const POST = route(async ({ caller, body }) => approvePeriod(caller, await body(approvePeriodSchema)), { permission: "time.manage" });
