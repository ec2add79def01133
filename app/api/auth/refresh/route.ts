import { route } from "@/lib/http/route";
import { refreshTokens } from "@/lib/services/auth/refresh-tokens";
import { refreshSchema } from "@/lib/validations/auth";

/** Mobile clients: { refreshToken } -> { accessToken, refreshToken, expiresIn }. */
export const POST = route(async ({ body }) => refreshTokens((await body(refreshSchema)).refreshToken), { public: true });
