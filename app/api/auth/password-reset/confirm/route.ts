import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { resetPassword } from "@/lib/services/auth/reset-password";

export const POST = route(op.confirmPasswordReset, async ({ body }) => resetPassword(body));
