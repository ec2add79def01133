"use client";

import { useRouter } from "next/navigation";
import { toast, toastError } from "@/components/ui/use-toast";
import { Tooltip } from "@/components/ui/tooltip";
import { useLogout } from "@/lib/queries/auth";
import { LogoutIcon } from "./icons";

/**
 * The logout button, titled "Logout" (spec §2), with the spec's toasts (§8). In the desktop
 * header it is an icon with that tooltip (and the same accessible name); in the mobile menu it
 * shows the word.
 */
export function LogoutButton({ onDone, iconOnly = false }: { onDone?: () => void; iconOnly?: boolean }) {
  const router = useRouter();
  const logout = useLogout();

  const handleClick = () => {
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: "Logged out", description: "You have been logged out successfully" });
        onDone?.();
        router.replace("/");
        router.refresh();
      },
      onError: (error) => {
        toastError(error, { title: "Logout failed" });
      },
    });
  };

  const button = (
    <button
      type="button"
      onClick={handleClick}
      disabled={logout.isPending}
      className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-2 text-sm font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500 disabled:opacity-60"
    >
      <LogoutIcon className="size-5" />
      <span className={iconOnly ? "sr-only" : undefined}>Logout</span>
    </button>
  );
  // The icon is titled "Logout" by a tooltip (spec §2, §9), which also shows on keyboard focus.
  return iconOnly ? <Tooltip content="Logout">{button}</Tooltip> : button;
}
