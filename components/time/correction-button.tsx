"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useRequestCorrection } from "@/lib/queries/time";
import { LazyTimeWindowDialog } from "./lazy-time-dialogs";

interface CorrectionButtonProps {
  /** The punch to correct; absent asks for a missing punch. */
  punchId?: string;
  punchInAt?: string;
  punchOutAt?: string | null;
  label?: string;
}

/** A member asks an admin to correct their own time (they never edit it directly). */
export function CorrectionButton({ punchId, punchInAt, punchOutAt, label = "Request correction" }: CorrectionButtonProps) {
  const [open, setOpen] = useState(false);
  const request = useRequestCorrection();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        {label}
      </Button>
      <LazyTimeWindowDialog
        open={open}
        onClose={() => setOpen(false)}
        title={punchId ? "Request a correction" : "Request a missing punch"}
        description="An administrator approves or rejects it; the change then shows with your reason."
        submitLabel="Send request"
        startLabel="Punch in"
        endLabel="Punch out"
        initialStart={punchInAt}
        initialEnd={punchOutAt}
        pending={request.isPending}
        onSubmit={async ({ start, end, reason }) => {
          await request.mutateAsync({ punchId, requestedInAt: start, requestedOutAt: end, reason });
          toast({ title: "Correction requested", description: "An administrator will review it." });
        }}
      />
    </>
  );
}
