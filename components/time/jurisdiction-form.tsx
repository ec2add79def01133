"use client";

import { useState } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { useSaveJurisdictions } from "@/lib/queries/time";
import type { jurisdictionSettingsResultSchema } from "@/lib/validations/time";

type Settings = z.infer<typeof jurisdictionSettingsResultSchema>;
type Preset = Settings["presets"][number];

const h = (minutes: number | null) => (minutes === null ? null : `${minutes / 60} h`);

/** One line per preset: what it decides (docs/time.md "Break and overtime rules by jurisdiction"). */
function summary(p: Preset): string {
  const parts = [
    p.weeklyOvertimeMinutes !== null ? `overtime over ${h(p.weeklyOvertimeMinutes)} a week` : null,
    p.dailyOvertimeMinutes !== null ? `over ${h(p.dailyOvertimeMinutes)} a day` : null,
    p.dailyDoubleTimeMinutes !== null ? `double time over ${h(p.dailyDoubleTimeMinutes)} a day` : null,
    p.seventhDay ? "seventh consecutive day" : null,
    ...p.meals.map((m, i) => `meal ${i + 1}: ${m.lengthMinutes} min ${m.inclusive ? "from" : "over"} ${h(m.afterWorkedMinutes)}${m.startByWorkedMinutes !== null ? `, begun by ${h(m.startByWorkedMinutes)}` : ""}`),
    p.rest ? `rest ${p.rest.lengthMinutes} min (paid) per ${h(p.rest.perWorkedMinutes)}` : null,
    p.mealPremiumMinutes ? `missed meal: ${h(p.mealPremiumMinutes)} premium a day` : null,
    p.restPremium.minutes ? `missed rest: ${p.restPremium.minutes} min premium a ${p.restPremium.per}` : null,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** The organization's break and overtime rules, and overrides per department and punch post. */
export function JurisdictionForm({ settings }: { settings: Settings }) {
  const save = useSaveJurisdictions();
  const [organization, setOrganization] = useState(settings.organization);
  const [units, setUnits] = useState(() => Object.fromEntries(settings.units.map((u) => [u.id, u.jurisdiction ?? ""])));
  const [posts, setPosts] = useState(() => Object.fromEntries(settings.posts.map((p) => [p.id, p.jurisdiction ?? ""])));
  const names = Object.fromEntries(settings.presets.map((p) => [p.id, p.name]));
  const chosen = settings.presets.find((p) => p.id === organization)!;
  const submit = () =>
    save.mutate(
      {
        organization,
        units: settings.units.filter((u) => (u.jurisdiction ?? "") !== units[u.id]).map((u) => ({ id: u.id, jurisdiction: (units[u.id] || null) as Settings["organization"] | null })),
        posts: settings.posts.filter((p) => (p.jurisdiction ?? "") !== posts[p.id]).map((p) => ({ id: p.id, jurisdiction: (posts[p.id] || null) as Settings["organization"] | null })),
      },
      { onSuccess: () => toast({ title: "Break and overtime rules saved" }), onError: (error) => toastError(error, { title: "Could not save the rules" }) },
    );
  return (
    <section className="space-y-3" aria-labelledby="rules-heading">
      <h2 id="rules-heading" className="text-lg font-semibold text-slate-900">
        Break and overtime rules
      </h2>
      <p className="text-sm text-slate-600">
        The state whose law the time card follows: overtime, double time and required breaks. The lower of this and the policy&apos;s own overtime thresholds applies. Locked pay periods keep their figures.
      </p>
      <label className="block max-w-sm text-sm font-medium text-slate-700" htmlFor="rules-organization">
        Organization
      </label>
      <Select id="rules-organization" className="max-w-sm" value={organization} onChange={(e) => setOrganization(e.target.value as Settings["organization"])} options={names} />
      <p className="text-xs text-slate-600" data-testid="rules-summary">
        {summary(chosen)}
      </p>
      {settings.units.length + settings.posts.length > 0 ? (
        <details className="rounded border border-slate-200 p-3">
          <summary className="cursor-pointer text-sm font-medium text-slate-800">Sites in another state: overrides per department or punch post</summary>
          <div className="mt-3 grid gap-2 sm:grid-cols-2">
            {settings.units.map((u) => (
              <label key={u.id} className="text-sm text-slate-700">
                Department {u.name}
                <Select value={units[u.id]} onChange={(e) => setUnits({ ...units, [u.id]: e.target.value })} options={{ "": "The organization's", ...names }} />
              </label>
            ))}
            {settings.posts.map((p) => (
              <label key={p.id} className="text-sm text-slate-700">
                Punch post {p.name ?? p.location}
                <Select value={posts[p.id]} onChange={(e) => setPosts({ ...posts, [p.id]: e.target.value })} options={{ "": "The member's", ...names }} />
              </label>
            ))}
          </div>
        </details>
      ) : null}
      <Button onClick={submit} isLoading={save.isPending}>
        Save rules
      </Button>
    </section>
  );
}
