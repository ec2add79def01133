import * as op from "@/lib/accountability/contracts";
import { route } from "@/lib/http/route";
import { deleteExpectedStart } from "@/lib/services/accountability/manage-expected-starts";

export const DELETE = route(op.deleteExpectedStart, async ({ caller, params }) => deleteExpectedStart(caller, String(params.id)));
