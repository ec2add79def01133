import * as op from "@/lib/accountability/contracts";
import { route } from "@/lib/http/route";
import { listExpectedStarts, setExpectedStart } from "@/lib/services/accountability/manage-expected-starts";

export const GET = route(op.listExpectedStarts, async () => listExpectedStarts());

/** Sets (creates or replaces) a member's or a department's expected start. */
export const PUT = route(op.setExpectedStart, async ({ caller, body }) => setExpectedStart(caller, body));
