"use client";

import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Checkbox, Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { toast, toastError } from "@/components/ui/use-toast";
import { addDays, dateKeyOf } from "@/lib/dates";
import { dayLabel } from "@/lib/dates/day-labels";
import { useMembers } from "@/lib/queries/members";
import { useAddRunRequests, useCreateRun, useDispatchRequests, useRemoveRunRequest, useRun, useRunList, useUpdateRunSettings } from "@/lib/queries/runs";
import { SERVICE_TYPE_LABELS } from "@/lib/cases/stations";
import type { DispatchRequest, RunSettings, RunSummary } from "@/lib/validations/runs";

const URGENCY_OPTIONS = { "": "Any urgency", urgent: "Urgent", routine: "Routine" } as const;

/**
 * /runs: the dispatcher's board (docs/runs.md). On the left the open pickup
 * requests, from clinics and homes, by area and urgency; on the right the day's runs. Ticking
 * requests and building a run (driver, vehicle, date) or adding them to a run places each on its
 * place's stop; the server orders the stops by nearest neighbour from the facility.
 */
export function DispatchScreen({ canSetFacility }: { canSetFacility: boolean }) {
  const [date, setDate] = useState(() => dateKeyOf(new Date()));
  const [area, setArea] = useState("");
  const [urgency, setUrgency] = useState<"" | "routine" | "urgent">("");
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [openRunId, setOpenRunId] = useState<string | null>(null);
  const requests = useDispatchRequests({ area: area.trim(), urgency });
  const runs = useRunList(date);
  const add = useAddRunRequests();
  const ids = {
    date: useId(),
    area: useId(),
    urgency: useId(),
  };

  const items = requests.data?.items ?? [];
  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  async function addToRun(run: RunSummary) {
    try {
      const updated = await add.mutateAsync({ runId: run.id, requestIds: [...selected] });
      toast({ title: "Added to the run", description: `${run.vehicle}: ${updated.stops.length} stops, ${updated.petCount} pets` });
      setSelected(new Set());
      setOpenRunId(run.id);
    } catch (error) {
      await toastError(error, { title: "Could not add to the run" });
    }
  }

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Pickup runs</h1>
        <div className="flex items-end gap-2">
          <label htmlFor={ids.date} className="text-sm font-medium text-slate-700">
            Date
          </label>
          <Input id={ids.date} type="date" value={date} onChange={(e) => e.target.value && setDate(e.target.value)} className="w-40" />
          <Button variant="secondary" size="sm" onClick={() => setDate(addDays(date, 1))}>
            Next day
          </Button>
        </div>
      </div>
      <Facility facility={runs.data?.facility ?? null} canSet={canSetFacility} />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)]">
        <section aria-labelledby="open-requests-title" className="space-y-3 rounded-lg border border-slate-200 bg-white p-3">
          <div className="flex flex-wrap items-end justify-between gap-2">
            <h2 id="open-requests-title" className="text-lg font-semibold text-slate-900">
              Open requests {requests.data ? <span className="text-sm font-normal text-slate-600">({requests.data.total})</span> : null}
            </h2>
            <div className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor={ids.area} className="block text-xs font-medium text-slate-600">
                  Area (postcode starts with)
                </label>
                <Input id={ids.area} value={area} onChange={(e) => setArea(e.target.value)} className="w-36" placeholder="e.g. 972" />
              </div>
              <div>
                <label htmlFor={ids.urgency} className="block text-xs font-medium text-slate-600">
                  Urgency
                </label>
                <Select id={ids.urgency} value={urgency} onChange={(e) => setUrgency(e.target.value as typeof urgency)} options={URGENCY_OPTIONS} className="w-36" />
              </div>
            </div>
          </div>
          {requests.isError ? <p className="text-sm text-red-700">Could not load the open requests.</p> : null}
          {requests.data && items.length === 0 ? <p className="text-sm text-slate-600">No open pickup requests{area || urgency ? " match these filters" : ""}.</p> : null}
          <RequestsByArea items={items} selected={selected} onToggle={toggle} />
        </section>
        <section aria-labelledby="runs-title" className="space-y-3">
          <h2 id="runs-title" className="text-lg font-semibold text-slate-900">
            Runs on {dayLabel(date)}
          </h2>
          <NewRun date={date} selected={[...selected]} onBuilt={(id) => {
              setSelected(new Set());
              setOpenRunId(id);
            }} />
          {runs.data && runs.data.items.length === 0 ? <p className="text-sm text-slate-600">No runs on this day yet.</p> : null}
          <ul className="space-y-3">
            {runs.data?.items.map((run) => (
              <li key={run.id} className="rounded-lg border border-slate-200 bg-white p-3" data-testid="run-card">
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div>
                    <p className="font-semibold text-slate-900">
                      {run.vehicle} · {run.driver.firstName} {run.driver.lastName}
                    </p>
                    <p className="text-sm text-slate-600">
                      {run.stopCount} stops · {run.petCount} pets · {run.pickedUpCount} picked up · {run.distanceKm} km
                    </p>
                  </div>
                  <div className="flex gap-2">
                    <Button size="sm" variant="secondary" disabled={selected.size === 0} isLoading={add.isPending} onClick={() => void addToRun(run)}>
                      Add {selected.size || ""} selected
                    </Button>
                    <Button size="sm" variant="secondary" aria-expanded={openRunId === run.id} onClick={() => setOpenRunId(openRunId === run.id ? null : run.id)}>
                      {openRunId === run.id ? "Hide stops" : "Show stops"}
                    </Button>
                  </div>
                </div>
                {openRunId === run.id ? <RunStops runId={run.id} /> : null}
              </li>
            ))}
          </ul>
        </section>
      </div>
    </div>
  );
}

/** The open requests grouped by area (the postcode's first three characters), urgent first within each. */
function RequestsByArea({ items, selected, onToggle }: { items: DispatchRequest[]; selected: Set<string>; onToggle: (id: string) => void }) {
  const areas = new Map<string, DispatchRequest[]>();
  for (const r of items) {
    const key = r.area ?? "No postcode";
    areas.set(key, [...(areas.get(key) ?? []), r]);
  }
  return (
    <div className="space-y-3" data-testid="open-requests">
      {[...areas].map(([area, list]) => (
        <div key={area}>
          <h3 className="text-sm font-semibold text-slate-700">
            Area {area} <span className="font-normal text-slate-500">({list.length})</span>
          </h3>
          <ul className="divide-y divide-slate-100">
            {list.map((r) => (
              <li key={r.id} className="flex items-start gap-2 py-2">
                <Checkbox
                  id={`req-${r.id}`}
                  checked={selected.has(r.id)}
                  onChange={() => onToggle(r.id)}
                  label={
                    <span className="min-w-0">
                      <span className="font-medium text-slate-900">
                        {r.petName} ({r.petSpecies}){r.petWeightLbs ? `, ${r.petWeightLbs} lb` : ""}
                      </span>{" "}
                      {r.urgency === "urgent" ? <Badge variant="danger">Urgent</Badge> : null}
                      <span className="block text-xs text-slate-600">
                        {r.number} · {r.clinic ? r.clinic.name : "Home"} · {r.address.replace(/\s*\n\s*/g, ", ")}
                        {r.postcode ? ` ${r.postcode}` : ""}
                        {r.serviceType ? ` · ${SERVICE_TYPE_LABELS[r.serviceType]}` : " · service not chosen"}
                      </span>
                    </span>
                  }
                />
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}

/** "Build a run": driver, vehicle, with the ticked requests (none: an empty run to fill later). */
function NewRun({ date, selected, onBuilt }: { date: string; selected: string[]; onBuilt: (id: string) => void }) {
  const members = useMembers();
  const create = useCreateRun();
  const [driverId, setDriverId] = useState("");
  const [vehicle, setVehicle] = useState("");
  const [error, setError] = useState<{ field: string; message: string } | null>(null);
  const ids = { driver: useId(), vehicle: useId() };
  const options: Record<string, string> = { "": "Choose a driver" };
  for (const m of members.data ?? []) options[m.id] = `${m.firstName} ${m.lastName}`;

  async function build() {
    if (!driverId) return setError({ field: "driverId", message: "Choose a driver" });
    if (!vehicle.trim()) return setError({ field: "vehicle", message: "Enter the vehicle" });
    setError(null);
    try {
      const run = await create.mutateAsync({ uuid: crypto.randomUUID(), runDate: date, driverId, vehicle: vehicle.trim(), note: null, requestIds: selected });
      toast({ title: "Run built", description: `${run.vehicle}: ${run.stops.length} stops, ${run.petCount} pets, ${run.distanceKm} km` });
      setVehicle("");
      onBuilt(run.id);
    } catch (failure) {
      await toastError(failure, { title: "Could not build the run" });
    }
  }

  return (
    <form
      aria-label="Build a run"
      className="flex flex-wrap items-end gap-2 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-3"
      onSubmit={(e) => {
        e.preventDefault();
        void build();
      }}
    >
      <div>
        <label htmlFor={ids.driver} className="block text-xs font-medium text-slate-600">
          Driver
        </label>
        <Select id={ids.driver} value={driverId} onChange={(e) => setDriverId(e.target.value)} options={options} className="w-48" aria-invalid={error?.field === "driverId" || undefined} />
      </div>
      <div>
        <label htmlFor={ids.vehicle} className="block text-xs font-medium text-slate-600">
          Vehicle
        </label>
        <Input id={ids.vehicle} value={vehicle} onChange={(e) => setVehicle(e.target.value)} className="w-36" placeholder="Van 1" aria-invalid={error?.field === "vehicle" || undefined} />
      </div>
      <Button type="submit" isLoading={create.isPending}>
        Build run{selected.length ? ` with ${selected.length} selected` : ""}
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error.message}
        </p>
      ) : null}
    </form>
  );
}

/** A run's stops in driving order, each with its pets; a pet not yet picked up may be taken off. */
function RunStops({ runId }: { runId: string }) {
  const run = useRun(runId);
  const remove = useRemoveRunRequest();
  if (run.isPending) return <p className="mt-2 text-sm text-slate-600">Loading the stops…</p>;
  if (!run.data) return <p className="mt-2 text-sm text-red-700">Could not load the stops.</p>;
  if (run.data.stops.length === 0) return <p className="mt-2 text-sm text-slate-600">No stops yet: tick requests and add them.</p>;
  return (
    <ol className="mt-2 space-y-2" data-testid="run-stops">
      {run.data.stops.map((stop) => (
        <li key={stop.id} className="rounded-md bg-slate-50 p-2 text-sm">
          <p className="font-medium text-slate-900">
            {stop.position}. {stop.name} {stop.done ? <Badge variant="success">Done</Badge> : null}
          </p>
          <p className="text-slate-600">
            {stop.address.replace(/\s*\n\s*/g, ", ")}
            {stop.postcode ? ` ${stop.postcode}` : ""}
          </p>
          <ul className="mt-1 space-y-1">
            {stop.pets.map((pet) => (
              <li key={pet.requestId} className="flex flex-wrap items-center justify-between gap-2">
                <span>
                  {pet.petName} ({pet.petSpecies}) · {pet.number}
                  {pet.pickedUp ? ` · picked up, ${pet.pickedUp.caseNumber}` : ""}
                </span>
                {pet.pickedUp ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Take ${pet.petName} off the run`}
                    onClick={() =>
                      void remove.mutateAsync({ runId, requestId: pet.requestId }).catch((error: unknown) => toastError(error, { title: "Could not take the pet off the run" }))
                    }
                  >
                    Take off
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}

/** Where runs start from; an administrator sets it by hand (coordinates or postcode). */
function Facility({ facility, canSet }: { facility: RunSettings | null; canSet: boolean }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateRunSettings();
  const [lat, setLat] = useState("");
  const [lng, setLng] = useState("");
  const [postcode, setPostcode] = useState("");
  const ids = { lat: useId(), lng: useId(), postcode: useId() };
  const where = facility
    ? [facility.latitude !== null ? `${facility.latitude}, ${facility.longitude}` : null, facility.postcode ? `postcode ${facility.postcode}` : null].filter(Boolean).join(" · ")
    : "";
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm text-slate-700" data-testid="facility">
      <span>Stops are ordered from the facility: {where || "not set (stops keep their urgency order)"}</span>
      {canSet && !editing ? (
        <Button
          size="sm"
          variant="secondary"
          onClick={() => {
            setLat(facility?.latitude?.toString() ?? "");
            setLng(facility?.longitude?.toString() ?? "");
            setPostcode(facility?.postcode ?? "");
            setEditing(true);
          }}
        >
          Set the facility
        </Button>
      ) : null}
      {editing ? (
        <form
          aria-label="The facility's place"
          className="flex flex-wrap items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            const num = (v: string) => (v.trim() === "" ? null : Number(v));
            update
              .mutateAsync({ latitude: num(lat), longitude: num(lng), postcode: postcode.trim() || null })
              .then(() => {
                toast({ title: "Facility saved" });
                setEditing(false);
              })
              .catch((error: unknown) => toastError(error, { title: "Could not save the facility" }));
          }}
        >
          <div>
            <label htmlFor={ids.lat} className="block text-xs text-slate-600">
              Latitude
            </label>
            <Input id={ids.lat} inputMode="decimal" value={lat} onChange={(e) => setLat(e.target.value)} className="w-28" />
          </div>
          <div>
            <label htmlFor={ids.lng} className="block text-xs text-slate-600">
              Longitude
            </label>
            <Input id={ids.lng} inputMode="decimal" value={lng} onChange={(e) => setLng(e.target.value)} className="w-28" />
          </div>
          <div>
            <label htmlFor={ids.postcode} className="block text-xs text-slate-600">
              Postcode
            </label>
            <Input id={ids.postcode} value={postcode} onChange={(e) => setPostcode(e.target.value)} className="w-24" />
          </div>
          <Button type="submit" size="sm" isLoading={update.isPending}>
            Save
          </Button>
          <Button size="sm" variant="secondary" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        </form>
      ) : null}
    </div>
  );
}
