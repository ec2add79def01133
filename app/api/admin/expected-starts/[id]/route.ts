import { route } from "@/lib/http/route";
import { deleteExpectedStart } from "@/lib/services/accountability/manage-expected-starts";

export const DELETE = route(async ({ caller, params }) => deleteExpectedStart(caller, String(params.id)), { permission: "alerts.manage" });
