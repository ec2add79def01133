import { route } from "@/lib/http/route";
import { unlockPeriod } from "@/lib/services/time/approvals";
import { unlockPeriodSchema } from "@/lib/validations/time";

/** Unlock one member's pay period; the reason is kept and audited. */
export const POST = route(async ({ caller, body }) => unlockPeriod(caller, await body(unlockPeriodSchema)), { permission: "time.manage" });
