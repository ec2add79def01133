import { getClientInfo } from "@/lib/auth/client-info";
import { signedInResponse } from "@/lib/auth/next-auth";
import { route } from "@/lib/http/route";
import { registerUser } from "@/lib/services/auth/register-user";
import { registerSchema } from "@/lib/validations/auth";

export const POST = route(
  async ({ req, body }) => {
    const input = await body(registerSchema);
    return signedInResponse(await registerUser(input, getClientInfo(req, input)), 201);
  },
  { public: true },
);
