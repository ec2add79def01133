import { route } from "@/lib/http/route";
import { listExpectedStarts, setExpectedStart } from "@/lib/services/accountability/manage-expected-starts";
import { setExpectedStartSchema } from "@/lib/validations/alerts";

export const GET = route(async () => listExpectedStarts(), { permission: "alerts.manage" });

/** Sets (creates or replaces) a member's or a department's expected start. */
export const PUT = route(async ({ caller, body }) => setExpectedStart(caller, await body(setExpectedStartSchema)), { permission: "alerts.manage" });
