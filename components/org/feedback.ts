"use client";

import { toast, toastError } from "@/components/ui/use-toast";
import { isApiError } from "@/lib/api-client";

/**
 * A 400 or 409 of these screens says something specific and actionable (a taken unit number, a
 * cycle, the last admin): shown under the action's own title with the server's message.
 * Everything else goes through the spec's friendly table (§8): a 404 reads "refresh the page", a
 * network failure "Connection Lost", anything unknown "Something Went Wrong".
 */
export function showError(error: unknown, title: string): void {
  const specific = isApiError(error) && [400, 409].includes(error.status) && error.serverMessage.trim() !== "";
  toastError(error, specific ? { title } : undefined);
}

export const showSuccess = (title: string, description?: string) => toast({ title, description });
