import { getClientInfo } from "@/lib/auth/client-info";
import * as op from "@/lib/auth/contracts";
import { signedInResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { loginUser } from "@/lib/services/auth/login-user";

export const POST = route(op.login, async ({ req, body }) => signedInResponse(await loginUser(body, getClientInfo(req, body))));
