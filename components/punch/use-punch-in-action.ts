"use client";

import { toast, toastError } from "@/components/ui/use-toast";
import { PUNCH_LOCATION } from "@/lib/constants";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { PUNCH_TOASTS } from "@/lib/punch/messages";
import { isQueued, usePunchIn } from "@/lib/queries/punch";

/**
 * A desktop Punch In (spec §4, §8's toasts): the header's button and My day's "Not punched in"
 * card press the same action. Offline, the punch waits on the device and says so.
 */
export function usePunchInAction() {
  const punchIn = usePunchIn();
  const run = () =>
    punchIn.mutate(
      { location: PUNCH_LOCATION },
      {
        onSuccess: (result) =>
          isQueued(result)
            ? toast({ title: OFFLINE_MESSAGES.savedOnPhone })
            : toast({ title: PUNCH_TOASTS.punchedIn.title, description: PUNCH_TOASTS.punchedIn.description }),
        onError: (error) => toastError(error, { title: PUNCH_TOASTS.punchInFailed, fallback: PUNCH_TOASTS.punchInFailed }),
      },
    );
  return { run, pending: punchIn.isPending };
}
