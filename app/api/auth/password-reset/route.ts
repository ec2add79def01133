import { route } from "@/lib/http/route";
import { requestPasswordReset } from "@/lib/services/auth/request-password-reset";
import { passwordResetRequestSchema } from "@/lib/validations/auth";

/** Always the same answer, whether or not the email has an account. */
export const POST = route(async ({ body }) => requestPasswordReset((await body(passwordResetRequestSchema)).email), { public: true });
