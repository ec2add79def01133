import "server-only";
import { db } from "@/lib/db";
import { AppError } from "@/lib/http/app-error";
import { now } from "@/lib/auth/clock";

export interface RateLimit {
  /** What is limited, e.g. "password-reset:email". */
  bucket: string;
  /** Who or what, e.g. the email or the client address. */
  key: string;
  /** Requests allowed within the window. */
  limit: number;
  windowMs: number;
}

/**
 * Counts one request against every given limit, or none if any is exhausted (then a 429 with
 * Retry-After and `message`). One transaction with an advisory lock per limit key, so that
 * concurrent requests cannot both take the last slot. Stored in RateLimitEvent, so the limits
 * hold across processes and restarts.
 */
export async function consumeRateLimits(limits: RateLimit[], message: (minutes: number) => string): Promise<void> {
  const at = now();
  const retryAfterSeconds = await db.$transaction(async (tx) => {
    let wait = 0;
    for (const { bucket, key } of [...limits].sort((a, b) => `${a.bucket}:${a.key}`.localeCompare(`${b.bucket}:${b.key}`))) {
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`${bucket}:${key}`}))`;
    }
    for (const limit of limits) {
      const recent = await tx.rateLimitEvent.findMany({
        where: { bucket: limit.bucket, key: limit.key, createdAt: { gt: new Date(at.getTime() - limit.windowMs), lte: at } },
        orderBy: { createdAt: "desc" },
        take: limit.limit,
        select: { createdAt: true },
      });
      if (recent.length >= limit.limit) {
        const oldest = recent[recent.length - 1].createdAt.getTime();
        wait = Math.max(wait, Math.ceil((oldest + limit.windowMs - at.getTime()) / 1000));
      }
    }
    if (wait > 0) return wait;
    await tx.rateLimitEvent.createMany({ data: limits.map(({ bucket, key }) => ({ bucket, key, createdAt: at })) });
    return 0;
  });
  if (retryAfterSeconds > 0) {
    const seconds = Math.max(1, retryAfterSeconds);
    const minutes = Math.ceil(seconds / 60);
    throw new AppError("RATE_LIMITED", message(minutes), { retryAfterSeconds: seconds }, { "Retry-After": String(seconds) });
  }
}
