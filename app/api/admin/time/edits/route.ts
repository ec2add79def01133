import { route } from "@/lib/http/route";
import { editTime } from "@/lib/services/time/edit-time";
import * as op from "@/lib/time/contracts";

/** One audited edit of a punch or task time (update, add, split, delete), reason required. */
export const POST = route(op.editTime, async ({ caller, body }) => editTime(caller, body));
