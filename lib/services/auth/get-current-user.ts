import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import type { Caller } from "@/lib/auth/resolve-caller";
import { publicUserSelect, type PublicUser } from "./public-user";

/** GET /api/user: the signed-in user, in the same shape as the login response's bare user. */
export async function getCurrentUser(caller: Caller): Promise<PublicUser> {
  const user = await db.user.findUnique({ where: { id: caller.userId }, select: publicUserSelect });
  if (!user) throw new AppError("UNAUTHORIZED", "Unauthorized");
  return user;
}
