"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { useTimeEdit, type TimeEditRequest } from "@/lib/queries/time";
import { LazyPunchEditDialog, LazyReasonDialog, LazyTimeWindowDialog } from "./lazy-time-dialogs";
import { UnlockButton } from "./approval-actions";

type TimeEditOutReason = Extract<TimeEditRequest, { action: "update-punch" }>["outReason"];
type Mode = null | "edit" | "split" | "delete";

const saved = () => toast({ title: "Time updated", description: "The change and its reason are in the edit history." });

/** A punch in a locked pay period: its period (any day of it) and member, and whether the reader may unlock it. */
export interface PunchLock {
  period: string;
  userId: string;
  canUnlock: boolean;
}

const LOCKED_NOTE = "Locked pay period: unlock it to change this time";

/**
 * The time card's controls on a punch: Edit times, Split, Delete — each with a reason. On a punch
 * in a locked period they are disabled (the server would refuse them) and Unlock is offered to
 * whoever may unlock it.
 */
export function PunchActions({ punch, lock = null }: { punch: { id: string; punchInAt: string; punchOutAt: string | null; outReason: string | null }; lock?: PunchLock | null }) {
  const [mode, setMode] = useState<Mode>(null);
  const edit = useTimeEdit();
  const close = () => setMode(null);
  const locked = lock !== null;
  const lockedProps = locked ? { disabled: true, title: LOCKED_NOTE } : {};
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setMode("edit")} {...lockedProps}>
        Edit
      </Button>
      {punch.punchOutAt ? (
        <Button size="sm" variant="ghost" onClick={() => setMode("split")} {...lockedProps}>
          Split
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => setMode("delete")} {...lockedProps}>
        Delete
      </Button>
      {lock?.canUnlock ? <UnlockButton period={lock.period} userIds={[lock.userId]} /> : null}
      <LazyPunchEditDialog
        open={mode === "edit"}
        onClose={close}
        punch={punch}
        pending={edit.isPending}
        onSubmit={async ({ start, end, outReason, reason }) => {
          await edit.mutateAsync({ action: "update-punch", punchId: punch.id, punchInAt: start, punchOutAt: end, outReason: outReason as TimeEditOutReason, reason });
          saved();
        }}
      />
      <LazyTimeWindowDialog
        open={mode === "split"}
        onClose={close}
        title="Split punch"
        description="The first part ends at the break start; the second starts at the break end."
        submitLabel="Split"
        startLabel="Break starts"
        endLabel="Break ends"
        initialStart={punch.punchOutAt}
        initialEnd={punch.punchOutAt}
        pending={edit.isPending}
        onSubmit={async ({ start, end, reason }) => {
          const gapMinutes = Math.round((new Date(end).getTime() - new Date(start).getTime()) / 60_000);
          await edit.mutateAsync({ action: "split-punch", punchId: punch.id, at: start, gapMinutes, reason });
          saved();
        }}
      />
      <LazyReasonDialog
        open={mode === "delete"}
        onClose={close}
        title="Delete punch"
        confirm="Delete punch"
        pending={edit.isPending}
        onConfirm={async (reason) => {
          await edit.mutateAsync({ action: "delete-punch", punchId: punch.id, reason });
          saved();
        }}
      />
    </>
  );
}

/** The time card's controls on task time: Edit times, Delete (disabled inside a locked period, like the punch's). */
export function EntryActions({ entry, locked = false }: { entry: { id: string; startedAt: string; endedAt: string | null }; locked?: boolean }) {
  const [mode, setMode] = useState<Mode>(null);
  const edit = useTimeEdit();
  const close = () => setMode(null);
  const lockedProps = locked ? { disabled: true, title: LOCKED_NOTE } : {};
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setMode("edit")} {...lockedProps}>
        Edit task time
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setMode("delete")} {...lockedProps}>
        Delete task time
      </Button>
      <LazyTimeWindowDialog
        open={mode === "edit"}
        onClose={close}
        title="Edit task time"
        submitLabel="Save edit"
        initialStart={entry.startedAt}
        initialEnd={entry.endedAt}
        pending={edit.isPending}
        onSubmit={async ({ start, end, reason }) => {
          await edit.mutateAsync({ action: "update-entry", entryId: entry.id, startedAt: start, endedAt: end, reason });
          saved();
        }}
      />
      <LazyReasonDialog
        open={mode === "delete"}
        onClose={close}
        title="Delete task time"
        confirm="Delete task time"
        pending={edit.isPending}
        onConfirm={async (reason) => {
          await edit.mutateAsync({ action: "delete-entry", entryId: entry.id, reason });
          saved();
        }}
      />
    </>
  );
}

/** Adds a missing punch for a member. */
export function AddPunchButton({ userId }: { userId: string }) {
  const [open, setOpen] = useState(false);
  const edit = useTimeEdit();
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setOpen(true)}>
        Add missing punch
      </Button>
      <LazyTimeWindowDialog
        open={open}
        onClose={() => setOpen(false)}
        title="Add missing punch"
        submitLabel="Add punch"
        startLabel="Punch in"
        endLabel="Punch out"
        pending={edit.isPending}
        onSubmit={async ({ start, end, reason }) => {
          await edit.mutateAsync({ action: "create-punch", userId, punchInAt: start, punchOutAt: end, reason });
          saved();
        }}
      />
    </>
  );
}

