import "server-only";
import { AppError } from "@/lib/http/app-error";
import type { PublicPage } from "@/lib/cases/public-pages";
import { limitFamilyRequests } from "./family-link";
import { limitCertificateChecks } from "./verify-certificate";

/**
 * Counts one request of a public page against its address's limit (the same buckets as the
 * page's API). Null when it may render; else the sentence and the seconds to wait (a 429).
 */
export async function countPublicPageRequest(page: PublicPage, ip: string): Promise<{ message: string; retryAfterSeconds: number } | null> {
  try {
    await (page === "family" ? limitFamilyRequests(ip) : limitCertificateChecks(ip));
    return null;
  } catch (error) {
    if (error instanceof AppError && error.status === 429) return { message: error.message, retryAfterSeconds: Number(error.extra?.retryAfterSeconds ?? 60) };
    throw error;
  }
}
