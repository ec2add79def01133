"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, useZodForm } from "@/components/ui/form";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { useTimeEdit } from "@/lib/queries/time";
import { reasonFormSchema } from "@/lib/validations/time";
import { TimeWindowDialog } from "./time-window-dialog";

type Mode = null | "edit" | "split" | "delete";

function ReasonDialog({ open, onClose, title, confirm, pending, onConfirm }: { open: boolean; onClose: () => void; title: string; confirm: string; pending: boolean; onConfirm: (reason: string) => Promise<unknown> }) {
  const form = useZodForm(reasonFormSchema, { defaultValues: { reason: "" } });
  return (
    <Dialog open={open} onClose={onClose} title={title}>
      <Form
        form={form}
        aria-label={title}
        className="space-y-3"
        onSubmit={async ({ reason }) => {
          try {
            await onConfirm(reason);
            form.reset();
            onClose();
          } catch (error) {
            toastError(error, { title: `Could not ${confirm.toLowerCase()}` });
          }
        }}
      >
        <Field name="reason" label="Reason" required>
          {(control) => <Textarea {...control} rows={3} {...form.register("reason")} />}
        </Field>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" variant="destructive" isLoading={pending}>
            {confirm}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}

const saved = () => toast({ title: "Time updated", description: "The change and its reason are in the edit history." });

/** The time card's controls on a punch: Edit times, Split, Delete — each with a reason. */
export function PunchActions({ punch }: { punch: { id: string; punchInAt: string; punchOutAt: string | null } }) {
  const [mode, setMode] = useState<Mode>(null);
  const edit = useTimeEdit();
  const close = () => setMode(null);
  return (
    <>
      <Button size="sm" variant="secondary" onClick={() => setMode("edit")}>
        Edit
      </Button>
      {punch.punchOutAt ? (
        <Button size="sm" variant="ghost" onClick={() => setMode("split")}>
          Split
        </Button>
      ) : null}
      <Button size="sm" variant="ghost" onClick={() => setMode("delete")}>
        Delete
      </Button>
      <TimeWindowDialog
        open={mode === "edit"}
        onClose={close}
        title="Edit punch"
        submitLabel="Save edit"
        startLabel="Punch in"
        endLabel="Punch out"
        initialStart={punch.punchInAt}
        initialEnd={punch.punchOutAt}
        pending={edit.isPending}
        onSubmit={async ({ start, end, reason }) => {
          await edit.mutateAsync({ action: "update-punch", punchId: punch.id, punchInAt: start, punchOutAt: end, reason });
          saved();
        }}
      />
      <TimeWindowDialog
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
      <ReasonDialog
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

/** The time card's controls on task time: Edit times, Delete. */
export function EntryActions({ entry }: { entry: { id: string; startedAt: string; endedAt: string | null } }) {
  const [mode, setMode] = useState<Mode>(null);
  const edit = useTimeEdit();
  const close = () => setMode(null);
  return (
    <>
      <Button size="sm" variant="ghost" onClick={() => setMode("edit")}>
        Edit task time
      </Button>
      <Button size="sm" variant="ghost" onClick={() => setMode("delete")}>
        Delete task time
      </Button>
      <TimeWindowDialog
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
      <ReasonDialog
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
      <TimeWindowDialog
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

export { ReasonDialog };
