"use client";

import { useEffect } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { Field, Form, applyServerErrors, useZodForm } from "@/components/ui/form";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { useSaveScoreboardSettings, useScoreboardSettings } from "@/lib/queries/reports";
import { scoreboardSettingsSchema, type ScoreboardSettingsInput } from "@/lib/validations/reports";

const NUMBERS: Array<{ name: keyof ScoreboardSettingsInput; label: string; step?: string; hint?: string }> = [
  { name: "weightLow", label: "Low priority weight" },
  { name: "weightNormal", label: "Normal priority weight" },
  { name: "weightHigh", label: "High priority weight" },
  { name: "weightCritical", label: "Critical priority weight" },
  { name: "onTimeBonusPercent", label: "On-time bonus (%)", hint: "Added to the weight when completed by the due date" },
  { name: "latePercent", label: "Late completion earns (%)", hint: "Of the weight; 0 to 100, never negative" },
  { name: "pickupBonus", label: "Pickup bonus (points)", step: "0.25" },
  { name: "checklistItemPoints", label: "Points per checklist item", step: "0.05" },
  { name: "checklistMaxPoints", label: "Checklist points at most", step: "0.25" },
  { name: "leadSharePercent", label: "Team lead's share (%)", hint: "The rest is split evenly among the team" },
  { name: "quickCompleteMinutes", label: "Quick-complete guard (minutes)", hint: "Own tasks completed this soon after creating them earn nothing" },
];

const CHECKS: Array<{ name: "staffSeeNames" | "excludeContractors" | "excludeVolunteers"; label: string }> = [
  { name: "staffSeeNames", label: "Staff see other members' names (otherwise only their own rank and the department ranking)" },
  { name: "excludeContractors", label: "Leave contractors out of the scoreboard" },
  { name: "excludeVolunteers", label: "Leave volunteers out of the scoreboard" },
];

/** The admin's scoreboard settings: weights, name visibility for staff, exclusions. */
export function ScoreboardSettingsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const settings = useScoreboardSettings(open);
  const save = useSaveScoreboardSettings();
  const form = useZodForm(scoreboardSettingsSchema);

  useEffect(() => {
    if (settings.data) {
      form.reset(scoreboardSettingsSchema.parse(settings.data));
    }
  }, [settings.data, form]);

  const submit = (values: ScoreboardSettingsInput) =>
    save.mutate(values, {
      onSuccess: () => {
        toast({ title: "Scoreboard settings saved" });
        onClose();
      },
      onError: (error) => {
        if (!applyServerErrors(form, error)) toastError(error, { title: "Could not save the scoreboard settings" });
      },
    });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title="Scoreboard settings"
      description="How points are computed and who sees which names."
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" form="scoreboard-settings-form" isLoading={save.isPending} disabled={!settings.data}>
            Save
          </Button>
        </>
      }
    >
      {settings.isPending ? (
        <Spinner label="Loading the settings" />
      ) : (
        <Form id="scoreboard-settings-form" form={form} onSubmit={submit} aria-label="Scoreboard settings" className="space-y-4">
          <div className="grid gap-3 sm:grid-cols-2">
            {NUMBERS.map((f) => (
              <Field key={f.name} name={f.name} label={f.label} hint={f.hint} type="number" inputMode="decimal" step={f.step ?? "1"} min={0} required />
            ))}
          </div>
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium text-slate-900">Visibility and exclusions</legend>
            {CHECKS.map((c) => (
              <label key={c.name} className="flex items-start gap-2 text-sm text-slate-700">
                <input type="checkbox" className="mt-0.5 size-4 rounded border-slate-300" {...form.register(c.name)} />
                {c.label}
              </label>
            ))}
          </fieldset>
        </Form>
      )}
    </Dialog>
  );
}
