import { getClientInfo } from "@/lib/auth/client-info";
import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { requestPasswordReset } from "@/lib/services/auth/request-password-reset";

/** Always the same answer, whether or not the email has an account; rate-limited per email and address. */
export const POST = route(op.requestPasswordReset, async ({ req, body }) => requestPasswordReset(body.email, getClientInfo(req)));
