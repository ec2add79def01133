import * as op from "@/lib/auth/contracts";
import { route } from "@/lib/http/route";
import { refreshTokens } from "@/lib/services/auth/refresh-tokens";

/** Mobile clients: { refreshToken } -> { accessToken, refreshToken, expiresIn }. */
export const POST = route(op.refreshTokens, async ({ body }) => refreshTokens(body.refreshToken));
