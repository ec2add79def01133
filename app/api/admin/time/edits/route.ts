import { json, route } from "@/lib/http/route";
import { editTime } from "@/lib/services/time/edit-time";
import { timeEditSchema } from "@/lib/validations/time";

/** One audited edit of a punch or task time (update, add, split, delete), reason required. */
export const POST = route(async ({ caller, body }) => json(await editTime(caller, await body(timeEditSchema)), 200), { permission: "time.manage" });
