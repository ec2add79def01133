import { route } from "@/lib/http/route";
import { changePassword } from "@/lib/services/auth/change-password";
import { changePasswordSchema } from "@/lib/validations/auth";

export const POST = route(async ({ caller, body }) => changePassword(caller, await body(changePasswordSchema)), { permission: "account.self", duringPasswordChange: true });
