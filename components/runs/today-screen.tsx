"use client";

import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { clockTime, dateKeyOf, formatDateTime } from "@/lib/dates";
import { keptRunsFor, readKeptMyRuns } from "@/lib/offline/kept-my-runs";
import { isQueued } from "@/lib/offline/queue";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import { CURRENT_USER_KEY, type CurrentUser } from "@/lib/queries/auth";
import { useOfflineQueue, useOnline } from "@/lib/queries/offline-queue";
import { TODAY_RUNS_PATH, useRecordPickup, useTodayRuns } from "@/lib/queries/runs";
import type { Run, RunPet, RunStop, TodayRuns } from "@/lib/validations/runs";
import { PickupForm, type PickupDraft } from "./pickup-form";

const noSubscription = () => () => {};

/**
 * /runs/today: the driver's phone (docs/runs.md). The day's run, stops in driving
 * order, each linking to its address in the phone's maps app; at each stop every pet is picked up
 * with the tag scanned (or its label printed there), a photo, and the name and signature of who
 * handed it over. Without a signal the run is read from the copy kept on the phone and each
 * pickup waits in the phone's queue, sent when the signal returns.
 */
export function TodayScreen() {
  const today = useTodayRuns();
  const online = useOnline();
  const queryClient = useQueryClient();
  const queue = useOfflineQueue();
  const [picking, setPicking] = useState<{ run: Run; stop: RunStop; pet: RunPet } | null>(null);
  const record = useRecordPickup();
  const keptRecord = useSyncExternalStore(noSubscription, readKeptMyRuns, () => null);
  const user = queryClient.getQueryData<CurrentUser | null>(CURRENT_USER_KEY);
  const useKept = !today.data && (!online || today.isError);
  const kept = useKept ? keptRunsFor(keptRecord, user?.id ?? null, dateKeyOf(new Date())) : null;
  const data: TodayRuns | null = today.data ?? kept?.today ?? null;

  // Pets whose pickup waits on this phone (made without a signal): shown as picked up here.
  const waiting = new Set(queue.entries.filter((e) => e.kind === "run-pickup").map((e) => String((e.payload as { requestId?: string }).requestId)));
  // When the queue sends them, the server's run is read again.
  const waitingCount = waiting.size;
  const previous = useRef(waitingCount);
  useEffect(() => {
    if (waitingCount < previous.current) void queryClient.invalidateQueries({ queryKey: [TODAY_RUNS_PATH] });
    previous.current = waitingCount;
  }, [waitingCount, queryClient]);

  async function submit(draft: PickupDraft) {
    if (!picking) return;
    try {
      const result = await record.mutateAsync({ runId: picking.run.id, body: { requestId: picking.pet.requestId, ...draft } });
      if (isQueued(result)) toast({ title: `${picking.pet.petName}: saved on this phone`, description: OFFLINE_MESSAGES.savedOnPhone });
      else toast({ title: `${picking.pet.petName} picked up`, description: `Case ${result.caseNumber}` });
      setPicking(null);
    } catch (error) {
      await toastError(error, { title: "The pickup was not recorded" });
    }
  }

  if (picking) {
    return (
      <PickupForm
        pet={picking.pet}
        stop={picking.stop}
        busy={record.isPending}
        labelHref={`/api/runs/${encodeURIComponent(picking.run.id)}/requests/${encodeURIComponent(picking.pet.requestId)}/label`}
        onCancel={() => setPicking(null)}
        onSubmit={(draft) => void submit(draft)}
      />
    );
  }

  return (
    <div className="mx-auto max-w-xl space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">My run today</h1>
      {kept ? (
        <p className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="kept-run">
          {online ? `Saved ${savedWhen(kept.at)}; the run could not be loaded, this is the copy kept on this phone` : `Saved ${savedWhen(kept.at)}; you're offline`}
        </p>
      ) : null}
      {!data && today.isPending && !useKept ? <p className="text-slate-600">Loading your run…</p> : null}
      {!data && useKept ? <p className="text-slate-600">No run was kept on this phone for today.</p> : null}
      {data && data.runs.length === 0 ? <p className="text-slate-600">No run for you today.</p> : null}
      {data?.runs.map((run) => (
        <section key={run.id} aria-label={`Run ${run.vehicle}`} className="space-y-3">
          <p className="text-sm text-slate-700" data-testid="run-summary">
            {run.vehicle} · {run.stops.length} stops · {run.pickedUpCount + [...waiting].filter((id) => run.stops.some((s) => s.pets.some((p) => p.requestId === id && !p.pickedUp))).length} of {run.petCount} pets picked up
          </p>
          <ol className="space-y-3">
            {run.stops.map((stop) => (
              <StopCard key={stop.id} stop={stop} waiting={waiting} onPick={(pet) => setPicking({ run, stop, pet })} />
            ))}
          </ol>
        </section>
      ))}
    </div>
  );
}

function savedWhen(at: number): string {
  return dateKeyOf(at) === dateKeyOf(new Date()) ? clockTime(at) : formatDateTime(at);
}

function StopCard({ stop, waiting, onPick }: { stop: RunStop; waiting: Set<string>; onPick: (pet: RunPet) => void }) {
  const done = stop.pets.every((p) => p.pickedUp || waiting.has(p.requestId));
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4" data-testid="stop">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-lg font-semibold break-words text-slate-900">
            {stop.position}. {stop.name}
          </p>
          <p className="text-base break-words text-slate-700">
            {stop.address.replace(/\s*\n\s*/g, ", ")}
            {stop.postcode ? ` ${stop.postcode}` : ""}
          </p>
        </div>
        {done ? <Badge variant="success">Done</Badge> : null}
      </div>
      {stop.mapsUrl ? (
        <a href={stop.mapsUrl} className={buttonClasses({ variant: "secondary", size: "sm", className: "mt-2" })} aria-label={`Open ${stop.name} in maps`}>
          Open in maps
        </a>
      ) : null}
      <ul className="mt-3 space-y-2">
        {stop.pets.map((pet) => (
          <li key={pet.requestId} className="flex flex-wrap items-center justify-between gap-2 rounded-xl bg-slate-50 p-3">
            <div className="min-w-0">
              <p className="font-semibold break-words text-slate-900">
                {pet.petName} <span className="font-normal text-slate-600">({pet.petSpecies}{pet.petWeightLbs ? `, ${pet.petWeightLbs} lb` : ""})</span>{" "}
                {pet.urgency === "urgent" ? <Badge variant="danger">Urgent</Badge> : null}
              </p>
              <p className="text-sm text-slate-600">
                {pet.number}
                {pet.note ? ` · ${pet.note}` : ""}
              </p>
            </div>
            {pet.pickedUp ? (
              <span className="text-sm font-medium text-emerald-700" data-testid="picked-up">
                Picked up ✓ {pet.pickedUp.caseNumber}
              </span>
            ) : waiting.has(pet.requestId) ? (
              <span className="text-sm font-medium text-amber-800" data-testid="pickup-waiting">
                {OFFLINE_MESSAGES.savedOnPhone}
              </span>
            ) : (
              <Button size="lg" className="h-12" onClick={() => onPick(pet)} aria-label={`Pick up ${pet.petName}`}>
                Pick up
              </Button>
            )}
          </li>
        ))}
      </ul>
    </li>
  );
}
