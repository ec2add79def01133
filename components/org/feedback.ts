"use client";

import { toast, toastError } from "@/components/ui/use-toast";

/** The server's own message of a failed call ("409: Cannot delete ..." -> "Cannot delete ..."). */
export function serverText(error: unknown): string {
  const message = error instanceof Error ? error.message : "";
  return message.replace(/^\d{3}:\s*/, "").trim();
}

const statusOf = (error: unknown) => (typeof error === "object" && error !== null && "status" in error ? (error as { status: unknown }).status : null);

/** 400/404/409 say something specific (a taken number, a cycle, the last admin): show it as is; the rest go through the spec's friendly table. */
export function showError(error: unknown, title = "Error"): void {
  const status = statusOf(error);
  if ((status === 400 || status === 404 || status === 409) && serverText(error)) {
    toast({ title, description: serverText(error), variant: "destructive" });
  } else {
    toastError(error);
  }
}

export const showSuccess = (title: string, description?: string) => toast({ title, description });
