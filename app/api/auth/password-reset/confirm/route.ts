import { route } from "@/lib/http/route";
import { resetPassword } from "@/lib/services/auth/reset-password";
import { passwordResetConfirmSchema } from "@/lib/validations/auth";

export const POST = route(async ({ body }) => resetPassword(await body(passwordResetConfirmSchema)), { public: true });
