"use client";

import { useEffect, useRef } from "react";
import { useRouter } from "next/navigation";
import { toast } from "@/components/ui/use-toast";
import { ssoOutcomeMessage } from "@/lib/sso/outcomes";

/**
 * After the first sign-in with the company's provider linked an existing account (`/?sso=linked`):
 * says so once, and takes the marker out of the address so a reload doesn't say it again.
 */
export function SsoLinkedToast({ provider }: { provider: string }) {
  const router = useRouter();
  const shown = useRef(false);
  useEffect(() => {
    if (shown.current) return;
    shown.current = true;
    toast({ title: "Account linked", description: ssoOutcomeMessage("linked", provider) });
    router.replace("/");
  }, [provider, router]);
  return null;
}
