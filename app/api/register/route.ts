import { getClientInfo } from "@/lib/auth/client-info";
import * as op from "@/lib/auth/contracts";
import { signedInResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { registerUser } from "@/lib/services/auth/register-user";

export const POST = route(op.register, async ({ req, body }) => signedInResponse(await registerUser(body, getClientInfo(req, body)), 201));
