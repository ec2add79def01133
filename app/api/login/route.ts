import { getClientInfo } from "@/lib/auth/client-info";
import { signedInResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { loginUser } from "@/lib/services/auth/login-user";
import { loginSchema } from "@/lib/validations/auth";

export const POST = route(
  async ({ req, body }) => {
    const input = await body(loginSchema);
    return signedInResponse(await loginUser(input, getClientInfo(req, input)));
  },
  { public: true },
);
