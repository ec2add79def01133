"use client";

import { useRouter } from "next/navigation";
import { punchRedirectTarget, type RedirectParams } from "./punch-redirect";

/** Where a new session goes (sign-in and registration): on to the punch page, or the dashboard. */
export function useAfterSignIn(redirectParams: RedirectParams): () => void {
  const router = useRouter();
  return () => {
    const target = punchRedirectTarget(redirectParams);
    if (target) {
      router.replace(target);
    } else {
      // / re-renders on the server as the dashboard now that the session cookie is set.
      router.replace("/");
      router.refresh();
    }
  };
}
