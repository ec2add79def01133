"use client";

import { useState, type FormEvent } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { FormActions } from "@/components/ui/form-actions";
import { Checkbox, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { addDays } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { useApplyTemplate, useCopyLastWeek, useDeleteTemplate, useSaveTemplate, useTemplates, type ApplyResult } from "@/lib/queries/schedule-planning";

type Open = "save" | "apply" | null;

/**
 * /schedule's planning buttons (docs/schedules.md "Templates"): Copy last week, Apply template
 * (to a date range, as drafts, holidays skipped on request) and Save as template. What an
 * application did ("12 shifts added, 2 skipped: …") stays under the buttons until dismissed.
 */
export function PlanningActions({ week }: { week: string }) {
  const [open, setOpen] = useState<Open>(null);
  const [result, setResult] = useState<ApplyResult | null>(null);
  const copy = useCopyLastWeek();

  async function onCopy() {
    try {
      const done = await copy.mutateAsync({ week });
      setResult(done);
      toast({ title: "Last week copied", description: done.summary });
    } catch (error) {
      await toastError(error, { title: "Could not copy last week" });
    }
  }

  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" size="sm" onClick={onCopy} isLoading={copy.isPending}>
          Copy last week
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen("apply")}>
          Apply template
        </Button>
        <Button variant="secondary" size="sm" onClick={() => setOpen("save")}>
          Save as template
        </Button>
      </div>
      {result ? <ApplySummary result={result} onDismiss={() => setResult(null)} /> : null}
      <Dialog open={open === "save"} onClose={() => setOpen(null)} title="Save week as template" size="sm">
        {open === "save" ? <SaveForm week={week} onClose={() => setOpen(null)} /> : null}
      </Dialog>
      <Dialog open={open === "apply"} onClose={() => setOpen(null)} title="Apply template" size="md">
        {open === "apply" ? <ApplyForm week={week} onDone={setResult} onClose={() => setOpen(null)} /> : null}
      </Dialog>
    </div>
  );
}

function ApplySummary({ result, onDismiss }: { result: ApplyResult; onDismiss: () => void }) {
  return (
    <div role="status" data-testid="apply-summary" className="rounded-lg border border-indigo-200 bg-indigo-50 px-3 py-2 text-sm text-indigo-950">
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium">
          {result.summary}
          {result.skipped.length ? ":" : "."}
        </p>
        <button type="button" onClick={onDismiss} className="shrink-0 text-xs text-indigo-800 underline">
          Dismiss
        </button>
      </div>
      {result.skipped.length ? (
        <ul className="mt-1 list-disc space-y-0.5 pl-5 text-xs">
          {result.skipped.map((s, i) => (
            <li key={`${s.day}-${i}`}>{s.message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}

function SaveForm({ week, onClose }: { week: string; onClose: () => void }) {
  const [name, setName] = useState("");
  const save = useSaveTemplate();

  async function submit(event: FormEvent) {
    event.preventDefault();
    try {
      const t = await save.mutateAsync({ name: name.trim(), week });
      toast({ title: "Template saved", description: `${t.name}: ${t.shiftCount} ${t.shiftCount === 1 ? "shift" : "shifts"}.` });
      onClose();
    } catch (error) {
      await toastError(error, { title: "Could not save the template" });
    }
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <p className="text-sm text-slate-600">The shifts of the week of {dayLabel(week)} (drafts too) become a template: their weekdays, times, members and departments.</p>
      <div>
        <Label htmlFor="template-name" required>
          Name
        </Label>
        <Input id="template-name" required maxLength={80} placeholder="Standard week" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <FormActions submit="Save template" cancel={onClose} pending={save.isPending} />
    </form>
  );
}

function ApplyForm({ week, onDone, onClose }: { week: string; onDone: (r: ApplyResult) => void; onClose: () => void }) {
  const templates = useTemplates();
  const [templateId, setTemplateId] = useState("");
  const [from, setFrom] = useState(week);
  const [to, setTo] = useState(addDays(week, 6));
  const [skipHolidays, setSkipHolidays] = useState(true);
  const apply = useApplyTemplate();
  const remove = useDeleteTemplate();
  const list = templates.data?.templates ?? [];
  const chosen = list.find((t) => t.id === templateId) ?? list[0];

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!chosen) return;
    try {
      const done = await apply.mutateAsync({ id: chosen.id, from, to, skipHolidays });
      onDone(done);
      toast({ title: "Template applied", description: done.summary });
      onClose();
    } catch (error) {
      await toastError(error, { title: "Could not apply the template" });
    }
  }

  async function onDelete() {
    if (!chosen) return;
    try {
      await remove.mutateAsync(chosen.id);
      setTemplateId("");
      toast({ title: "Template deleted" });
    } catch (error) {
      await toastError(error, { title: "Could not delete the template" });
    }
  }

  if (templates.data && list.length === 0) {
    return (
      <div className="space-y-4">
        <p className="text-sm text-slate-600">No templates yet. Plan a week, then use Save as template.</p>
        <div className="flex justify-end">
          <Button variant="secondary" onClick={onClose}>
            Close
          </Button>
        </div>
      </div>
    );
  }

  return (
    <form onSubmit={submit} className="space-y-4">
      <div>
        <Label htmlFor="apply-template">Template</Label>
        <Select id="apply-template" value={chosen?.id ?? ""} onChange={(e) => setTemplateId(e.target.value)}>
          {list.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name} ({t.shiftCount} {t.shiftCount === 1 ? "shift" : "shifts"})
            </option>
          ))}
        </Select>
        {chosen ? <p className="mt-1 text-xs text-slate-500">{chosen.departments.join(", ")}</p> : null}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor="apply-from" required>
            From
          </Label>
          <Input id="apply-from" type="date" required value={from} onChange={(e) => setFrom(e.target.value)} />
        </div>
        <div>
          <Label htmlFor="apply-to" required>
            To
          </Label>
          <Input id="apply-to" type="date" required value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <Checkbox id="apply-skip-holidays" label="Skip holidays" checked={skipHolidays} onChange={(e) => setSkipHolidays(e.target.checked)} />
      <p className="text-xs text-slate-500">The shifts are added as drafts. A shift over one the member already has is skipped and listed.</p>
      <FormActions submit="Apply" cancel={onClose} pending={apply.isPending}>
        <Button variant="destructive" onClick={onDelete} isLoading={remove.isPending} disabled={!chosen}>
          Delete template
        </Button>
      </FormActions>
    </form>
  );
}
