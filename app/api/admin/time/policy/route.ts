import { route } from "@/lib/http/route";
import { getTimePolicy, updateTimePolicy } from "@/lib/services/time/policy";
import { timePolicySchema } from "@/lib/validations/time";

export const GET = route(async () => getTimePolicy(), { permission: "time.manage" });

/** Saves the whole time policy (audited). */
export const PUT = route(async ({ caller, body }) => updateTimePolicy(caller, await body(timePolicySchema)), { permission: "time.manage" });
