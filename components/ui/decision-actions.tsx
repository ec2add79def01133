"use client";

import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";

/**
 * A request's decision controls (a request waiting for a manager: time off, availability): an
 * optional note to the member, Approve and Decline. `deciding` names the decision in flight.
 */
export function DecisionActions({
  memberName,
  note,
  onNote,
  onDecide,
  deciding,
}: {
  memberName: string;
  note: string;
  onNote: (note: string) => void;
  onDecide: (decision: "approve" | "decline") => void;
  deciding: "approve" | "decline" | null;
}) {
  return (
    <span className="flex w-full flex-wrap items-center gap-2 sm:w-auto">
      <Input aria-label={`Note to ${memberName}`} placeholder="Note (optional)" className="min-w-0 flex-1 sm:w-48" value={note} onChange={(e) => onNote(e.target.value)} />
      <Button size="sm" onClick={() => onDecide("approve")} isLoading={deciding === "approve"}>
        Approve
      </Button>
      <Button variant="secondary" size="sm" onClick={() => onDecide("decline")} isLoading={deciding === "decline"}>
        Decline
      </Button>
    </span>
  );
}
