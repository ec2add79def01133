import { getClientInfo } from "@/lib/auth/client-info";
import { route } from "@/lib/http/route";
import { requestPasswordReset } from "@/lib/services/auth/request-password-reset";
import { passwordResetRequestSchema } from "@/lib/validations/auth";

/** Always the same answer, whether or not the email has an account; rate-limited per email and address. */
export const POST = route(
  async ({ req, body }) => requestPasswordReset((await body(passwordResetRequestSchema)).email, getClientInfo(req)),
  { public: true },
);
