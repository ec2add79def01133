import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { changePassword } from "@/lib/services/auth/change-password";

export const POST = route(op.changePassword, async ({ caller, body }) => changePassword(caller, body));
