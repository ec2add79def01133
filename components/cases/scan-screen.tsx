"use client";

import dynamic from "next/dynamic";
import Link from "next/link";
import { useCallback, useId, useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { QueueRefusals } from "@/components/offline/queue-refusals";
import { CHECKPOINT_STATIONS, STATION_LABELS, type Station } from "@/lib/cases/stations";
import { scanRefOf } from "@/lib/cases/scan-ref";
import { formatDateTime } from "@/lib/dates";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import type { ReplayReport } from "@/lib/offline/replay";
import type { OfflineEntry } from "@/lib/offline/queue";
import { useOnline, useQueuedWriteState } from "@/lib/queries/offline-queue";
import { fetchBelongingsToReturn, useChambers, useOfflineScanReplay, useScanCase, type Belonging, type ScanOutcome, type ScanRequest } from "@/lib/queries/cases";
import { BelongingsCheck } from "./belongings-check";
import { loadQrCamera } from "./load-qr-camera";
import { ReturnForm, type ReturnDraft } from "./return-form";
import { remainsCheckSentence, type remainsWeightDetails } from "@/lib/cases/remains-weight";

/** The camera and its QR reader load when the camera is opened, never before. */
const QrCamera = dynamic(() => loadQrCamera().then((m) => m.QrCamera), {
  ssr: false,
  loading: () => <div className="aspect-square w-full animate-pulse rounded-2xl bg-slate-200" aria-hidden="true" />,
});

/** This phone's station (and chamber), remembered between visits. */
export const SCAN_STATION_KEY = "bfs.scan.station.v1";

interface StationChoice {
  station: Station;
  chamberId: string | null;
}

const listeners = new Set<() => void>();
let cachedRaw: string | null | undefined;
let cachedChoice: StationChoice | null = null;

function readChoice(): StationChoice | null {
  let raw: string | null = null;
  try {
    raw = window.localStorage.getItem(SCAN_STATION_KEY);
  } catch {
    raw = null;
  }
  if (raw === cachedRaw) return cachedChoice;
  cachedRaw = raw;
  try {
    const value = raw ? (JSON.parse(raw) as Partial<StationChoice>) : null;
    cachedChoice = value && typeof value.station === "string" && (CHECKPOINT_STATIONS as readonly string[]).includes(value.station) ? { station: value.station as Station, chamberId: value.chamberId ?? null } : null;
  } catch {
    cachedChoice = null;
  }
  return cachedChoice;
}

function writeChoice(choice: StationChoice | null) {
  try {
    if (choice) window.localStorage.setItem(SCAN_STATION_KEY, JSON.stringify(choice));
    else window.localStorage.removeItem(SCAN_STATION_KEY);
  } catch {
    // Private mode without storage: the choice lasts for this visit only.
  }
  listeners.forEach((l) => l());
}

function useStationChoice(): [StationChoice | null, (choice: StationChoice | null) => void] {
  const choice = useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    readChoice,
    () => null,
  );
  return [choice, writeChoice];
}

/**
 * /scan: a phone held at a station. The member picks the station once (remembered on the phone),
 * then scans each case's label with the camera or types its number or tag serial. The answer fills
 * the screen: recorded, saved on the phone (no signal), or refused with the server's one sentence
 * (an administrator may override it with a reason). The returned step asks who receives the pet,
 * an optional signature and the tag serial read off the tag.
 */
export function ScanScreen({ canOverride, canConfirmWeight = false, labelRef }: { canOverride: boolean; canConfirmWeight?: boolean; labelRef: string | null }) {
  const [choice, setChoice] = useStationChoice();
  const [changing, setChanging] = useState(false);
  const showPicker = !choice || changing;

  return (
    <div className="mx-auto w-full max-w-xl space-y-5">
      <div className="flex items-center justify-between gap-3">
        <h1 className="text-2xl font-bold text-slate-900">Scan</h1>
        <Link href="/cases" className="text-base font-medium text-indigo-700 underline-offset-4 hover:underline">
          Cases
        </Link>
      </div>
      {showPicker ? (
        <StationPicker
          current={choice}
          onChoose={(next) => {
            setChoice(next);
            setChanging(false);
          }}
          onCancel={choice ? () => setChanging(false) : undefined}
        />
      ) : (
        <Scanner choice={choice} canOverride={canOverride} canConfirmWeight={canConfirmWeight} labelRef={labelRef} onChangeStation={() => setChanging(true)} />
      )}
      <ScanQueueStatus />
    </div>
  );
}

function StationPicker({ current, onChoose, onCancel }: { current: StationChoice | null; onChoose: (choice: StationChoice) => void; onCancel?: () => void }) {
  const [pending, setPending] = useState<Station | null>(current?.station === "chamber_in" ? "chamber_in" : null);
  const chambers = useChambers(pending === "chamber_in");
  const active = chambers.data?.items.filter((c) => c.isActive) ?? [];

  return (
    <section aria-labelledby="station-heading" className="space-y-4">
      <div>
        <h2 id="station-heading" className="text-xl font-semibold text-slate-900">
          Which station is this phone at?
        </h2>
        <p className="mt-1 text-base text-slate-600">Chosen once; this phone remembers it.</p>
      </div>
      <div className="grid grid-cols-2 gap-3">
        {CHECKPOINT_STATIONS.map((station) => (
          <button
            key={station}
            type="button"
            aria-pressed={current?.station === station || pending === station}
            onClick={() => (station === "chamber_in" ? setPending("chamber_in") : onChoose({ station, chamberId: null }))}
            className="min-h-16 rounded-xl border-2 border-slate-300 bg-white px-3 py-3 text-lg font-semibold text-slate-900 hover:border-indigo-500 aria-pressed:border-indigo-600 aria-pressed:bg-indigo-50"
          >
            {STATION_LABELS[station]}
          </button>
        ))}
      </div>
      {pending === "chamber_in" ? (
        <div className="space-y-2 rounded-xl border border-slate-200 bg-white p-4">
          <h3 className="text-lg font-semibold text-slate-900">Which chamber?</h3>
          {chambers.isPending ? (
            <p className="text-base text-slate-600">Loading the chambers…</p>
          ) : active.length === 0 ? (
            <p className="text-base text-slate-700">No chamber is set up yet. An administrator adds chambers.</p>
          ) : (
            <div className="grid gap-2">
              {active.map((chamber) => (
                <Button
                  key={chamber.id}
                  size="lg"
                  variant="secondary"
                  className="h-auto min-h-14 justify-between text-lg"
                  disabled={!!chamber.outOfService}
                  onClick={() => onChoose({ station: "chamber_in", chamberId: chamber.id })}
                >
                  <span>{chamber.name}</span>
                  <span className="text-sm font-normal text-slate-600">
                    {chamber.outOfService ? `Out of service · ${chamber.outOfService.reason}` : chamber.occupants.length === 0 ? "Empty" : `${chamber.occupants.length} inside`}
                  </span>
                </Button>
              ))}
            </div>
          )}
        </div>
      ) : null}
      {onCancel ? (
        <Button variant="ghost" size="lg" onClick={onCancel}>
          Keep the current station
        </Button>
      ) : null}
    </section>
  );
}

type Step =
  | { kind: "ready" }
  | { kind: "camera" }
  | { kind: "belongings"; ref: string; items: Belonging[] }
  | { kind: "weighing"; ref: string }
  | { kind: "returning"; ref: string; checked?: string[]; draft?: ReturnDraft; refused?: { request: ScanRequest; outcome: Extract<ScanOutcome, { kind: "refused" }> } }
  | { kind: "sending" }
  | { kind: "answer"; request: ScanRequest; outcome: ScanOutcome };

function Scanner({
  choice,
  canOverride,
  canConfirmWeight,
  labelRef,
  onChangeStation,
}: {
  choice: StationChoice;
  canOverride: boolean;
  canConfirmWeight: boolean;
  labelRef: string | null;
  onChangeStation: () => void;
}) {
  const chambers = useChambers(choice.station === "chamber_in");
  const chamber = chambers.data?.items.find((c) => c.id === choice.chamberId) ?? null;
  const scan = useScanCase();
  const [step, setStep] = useState<Step>({ kind: "ready" });
  const [typed, setTyped] = useState(labelRef ?? "");
  const [cameraError, setCameraError] = useState<string | null>(null);
  const typedId = useId();

  const send = useCallback(
    async (request: ScanRequest) => {
      setStep({ kind: "sending" });
      try {
        const outcome = await scan.mutateAsync(request);
        // A tag that does not match: back to the return form with the receiver and signature kept.
        if (outcome.kind === "refused" && outcome.refusal.reason === "TAG_MISMATCH" && !request.body.override) {
          const body = request.body as { receiverName?: string; signature?: string | null; belongingsChecked?: string[] | null };
          setStep({ kind: "returning", ref: request.ref, checked: body.belongingsChecked ?? undefined, draft: { receiverName: body.receiverName ?? "", signature: body.signature ?? null }, refused: { request, outcome } });
          return;
        }
        setStep({ kind: "answer", request, outcome });
      } catch (error) {
        toastError(error, { title: "The scan was not recorded" });
        setStep({ kind: "ready" });
      }
    },
    [scan],
  );

  /** A case was read (camera or typed): the returned step asks for the receiver first; every other station records at once. */
  const accept = async (text: string) => {
    const ref = scanRefOf(text);
    if (!ref) return;
    setTyped("");
    // Packaged and returned: the belongings to return are ticked off first (none, or unreadable offline: straight on).
    const items = choice.station === "packaged" || choice.station === "returned" ? await fetchBelongingsToReturn(ref) : null;
    if (items?.length) setStep({ kind: "belongings", ref, items });
    else proceed(ref, undefined);
  };
  const proceed = (ref: string, checked: string[] | undefined) => {
    if (choice.station === "returned") setStep({ kind: "returning", ref, checked });
    // Processing: the remains are weighed before the scan is recorded.
    else if (choice.station === "processing") setStep({ kind: "weighing", ref });
    else void send({ ref, body: { station: choice.station, chamberId: choice.chamberId, ...(checked ? { belongingsChecked: checked } : {}) } });
  };

  const stationLabel = STATION_LABELS[choice.station] + (choice.station === "chamber_in" ? ` · ${chamber?.name ?? "chamber"}` : "");

  return (
    <div className="space-y-5">
      <div className="flex items-center justify-between gap-3 rounded-xl bg-slate-900 px-4 py-3 text-white">
        <p className="text-lg">
          <span className="block text-sm uppercase tracking-wide text-slate-300">Station</span>
          <span className="text-2xl font-bold" data-testid="scan-station">
            {stationLabel}
          </span>
        </p>
        <button type="button" onClick={onChangeStation} className="rounded-lg bg-white/15 px-4 py-3 text-base font-semibold hover:bg-white/25">
          Change
        </button>
      </div>

      {chamber?.outOfService ? (
        <p role="status" className="rounded-xl border-2 border-red-300 bg-red-50 px-4 py-3 text-base text-red-900" data-testid="chamber-out-of-service">
          {chamber.name} is out of service ({chamber.outOfService.reason}); its scans are refused. Tap Change to choose another chamber.
        </p>
      ) : null}
      {step.kind === "answer" ? (
        <ScanAnswer
          request={step.request}
          outcome={step.outcome}
          canOverride={canOverride}
          canConfirmWeight={canConfirmWeight}
          onOverride={(reason) => void send({ ...step.request, body: { ...step.request.body, override: { reason } } })}
          onNext={() => setStep({ kind: "ready" })}
        />
      ) : step.kind === "sending" ? (
        <div role="status" className="rounded-2xl border-2 border-slate-200 bg-white p-8 text-center text-2xl font-semibold text-slate-700">
          Recording…
        </div>
      ) : step.kind === "weighing" ? (
        <WeighForm
          refText={step.ref}
          onCancel={() => setStep({ kind: "ready" })}
          onSubmit={(lbs) => void send({ ref: step.ref, body: { station: "processing", remainsWeightLbs: lbs } })}
        />
      ) : step.kind === "belongings" ? (
        <BelongingsCheck items={step.items} station={choice.station} onContinue={(checked) => proceed(step.ref, checked)} onCancel={() => setStep({ kind: "ready" })} />
      ) : step.kind === "returning" ? (
        <ReturnForm
          refText={step.ref}
          draft={step.draft}
          refusal={step.refused?.outcome.refusal}
          onOverride={step.refused && canOverride ? () => setStep({ kind: "answer", request: step.refused!.request, outcome: step.refused!.outcome }) : null}
          onCancel={() => setStep({ kind: "ready" })}
          onSubmit={(extra) => void send({ ref: step.ref, body: { station: "returned", ...extra, ...(step.checked ? { belongingsChecked: step.checked } : {}) } })}
        />
      ) : (
        <>
          {step.kind === "camera" ? (
            <div className="space-y-3">
              <QrCamera
                onRead={(text) => void accept(text)}
                onError={(message) => {
                  setCameraError(message);
                  setStep({ kind: "ready" });
                }}
              />
              <Button variant="secondary" size="lg" className="h-14 w-full text-lg" onClick={() => setStep({ kind: "ready" })}>
                Close the camera
              </Button>
            </div>
          ) : (
            <Button
              size="lg"
              className="h-20 w-full text-2xl font-bold"
              onClick={() => {
                setCameraError(null);
                setStep({ kind: "camera" });
              }}
            >
              Scan a label
            </Button>
          )}
          {cameraError ? (
            <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-base text-amber-900">
              {cameraError}
            </p>
          ) : null}
          <form
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
            onSubmit={(event) => {
              event.preventDefault();
              void accept(typed);
            }}
          >
            <label htmlFor={typedId} className="block text-lg font-semibold text-slate-900">
              Or type the case number or tag serial
            </label>
            {labelRef && typed === labelRef ? <p className="text-base text-slate-700">The label&apos;s link was opened: press Record to scan it here.</p> : null}
            <Input
              id={typedId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoCapitalize="characters"
              autoComplete="off"
              spellCheck={false}
              placeholder="C-2026-00042"
              className="h-14 text-xl"
            />
            <Button type="submit" size="lg" disabled={!typed.trim()} className="h-14 w-full text-lg">
              {choice.station === "returned" ? "Next" : "Record"}
            </Button>
          </form>
        </>
      )}
    </div>
  );
}

function ScanAnswer({
  request,
  outcome,
  canOverride,
  canConfirmWeight,
  onOverride,
  onNext,
}: {
  request: ScanRequest;
  outcome: ScanOutcome;
  canOverride: boolean;
  canConfirmWeight: boolean;
  onOverride: (reason: string) => void;
  onNext: () => void;
}) {
  const [overriding, setOverriding] = useState(false);
  const [reason, setReason] = useState("");
  const reasonId = useId();

  const next = (
    <Button size="lg" className="h-16 w-full text-xl font-bold" onClick={onNext} autoFocus>
      Scan next
    </Button>
  );

  if (outcome.kind === "recorded") {
    const { result } = outcome;
    // The processing scan's weighing as its custody event keeps it (`lbs`, `percent`, `result`, `range`).
    const kept = (result.event.details as { remainsWeight?: ReturnType<typeof remainsWeightDetails> }).remainsWeight;
    const weighed = kept ? { remainsLbs: kept.lbs, percent: kept.percent, result: kept.result, range: kept.range } : null;
    return (
      <div className="space-y-4">
        <div role="status" className="rounded-2xl border-4 border-emerald-500 bg-emerald-50 p-6 text-center" data-testid="scan-answer">
          <p className="text-3xl font-extrabold text-emerald-800">{result.created ? "Recorded" : "Already recorded"}</p>
          <p className="mt-3 text-2xl font-bold text-slate-900">{result.case.petName}</p>
          <p className="mt-1 text-lg text-slate-700">
            {result.case.number} · {result.event.station ? STATION_LABELS[result.event.station] : ""}
            {result.event.chamber ? ` · ${result.event.chamber.name}` : ""}
          </p>
          <p className="mt-1 text-base text-slate-600">{formatDateTime(result.event.serverTime)}</p>
          {weighed ? (
            <p className="mt-2 text-base text-slate-800" data-testid="scan-weight">
              {remainsCheckSentence(weighed)}
            </p>
          ) : null}
          {result.overrideEvent ? (
            <p className="mt-2 text-base font-semibold text-amber-800">{weighed?.result === "out_of_range" ? "Recorded with a supervisor's confirmation." : "Recorded with an override."}</p>
          ) : null}
          {result.case.status === "closed" ? <p className="mt-2 text-base font-semibold text-slate-800">This case is now complete.</p> : null}
        </div>
        <Link href={`/cases/${encodeURIComponent(result.case.number)}`} className="block text-center text-base font-medium text-indigo-700 underline-offset-4 hover:underline">
          Open case {result.case.number}
        </Link>
        {next}
      </div>
    );
  }

  if (outcome.kind === "queued") {
    return (
      <div className="space-y-4">
        <QueuedScanCard entry={outcome.write.entry} refText={request.ref.length > 24 ? "The labelled case" : request.ref} />
        {next}
      </div>
    );
  }

  const { refusal } = outcome;
  // A weight outside its range is a supervisor's to confirm; every other override is an administrator's.
  const weight = refusal.reason === "REMAINS_WEIGHT_OUT_OF_RANGE";
  const mayOverride = weight ? canConfirmWeight : canOverride;
  return (
    <div className="space-y-4">
      <div role="alert" className="rounded-2xl border-4 border-red-600 bg-red-50 p-6 text-center" data-testid="scan-answer">
        <p className="text-lg font-bold uppercase tracking-wide text-red-700">Refused</p>
        <p className="mt-2 text-3xl font-extrabold leading-tight text-red-900">{refusal.message}</p>
      </div>
      {mayOverride && refusal.overridable ? (
        overriding ? (
          <form
            aria-label={weight ? "Confirm the weight" : "Override"}
            className="space-y-3 rounded-2xl border border-slate-200 bg-white p-4"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim()) onOverride(reason.trim());
            }}
          >
            <label htmlFor={reasonId} className="block text-lg font-semibold text-slate-900">
              {weight ? "Why is this weight right?" : "Reason for the override"}
            </label>
            <Textarea id={reasonId} rows={3} value={reason} onChange={(e) => setReason(e.target.value)} className="text-lg" />
            <Button type="submit" variant="destructive" size="lg" disabled={!reason.trim()} className="h-14 w-full text-lg">
              {weight ? "Confirm and record" : "Record with override"}
            </Button>
          </form>
        ) : (
          <Button variant="secondary" size="lg" className="h-14 w-full text-lg" onClick={() => setOverriding(true)}>
            {weight ? "Confirm the weight with a reason" : "Override with a reason"}
          </Button>
        )
      ) : null}
      {next}
    </div>
  );
}

/**
 * A scan kept on the phone: amber while it waits, "Sent ✓" once the server has it (the queue
 * sends it when the signal returns, from this screen or any other), red if it was refused then.
 */
function QueuedScanCard({ entry, refText }: { entry: OfflineEntry; refText: string }) {
  const write = useQueuedWriteState(entry.id);
  if (write.state === "sent") {
    return (
      <div role="status" className="rounded-2xl border-4 border-emerald-500 bg-emerald-50 p-6 text-center" data-testid="scan-answer" data-sent="true">
        <p className="text-3xl font-extrabold text-emerald-800">{OFFLINE_MESSAGES.sent}</p>
        <p className="mt-2 text-lg text-slate-800">{refText}</p>
        <p className="mt-1 text-base text-slate-700">The scan saved on this phone reached the server, with the time it was made ({formatDateTime(entry.deviceTime)}).</p>
      </div>
    );
  }
  if (write.state === "refused") {
    return (
      <div role="alert" className="rounded-2xl border-4 border-red-600 bg-red-50 p-6 text-center" data-testid="scan-answer" data-sent="false">
        <p className="text-lg font-bold uppercase tracking-wide text-red-700">Not recorded</p>
        <p className="mt-2 text-lg text-slate-800">{refText}</p>
        <p className="mt-2 text-2xl font-extrabold leading-tight text-red-900">{write.message}</p>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-2xl border-4 border-amber-400 bg-amber-50 p-6 text-center" data-testid="scan-answer" data-sent="false">
      <p className="text-2xl font-extrabold text-amber-900">{OFFLINE_MESSAGES.savedOnPhone}</p>
      <p className="mt-2 text-lg text-slate-800">{refText}</p>
      <p className="mt-1 text-base text-slate-700">The server checks the scan when it arrives.</p>
    </div>
  );
}

/** Scans (and punches) waiting on this phone, and what the server refused when they were sent. */
function ScanQueueStatus() {
  const online = useOnline();
  const onReport = useCallback((report: ReplayReport) => {
    const scans = report.sent.filter((s) => s.entry.kind === "case-scan").length;
    if (scans > 0) toast({ title: "Offline scans sent", description: `${scans} scan${scans === 1 ? "" : "s"} saved on this phone ${scans === 1 ? "was" : "were"} recorded.` });
    for (const failure of report.failed) toast({ title: "Offline scan not recorded", description: failure.message, variant: "destructive" });
  }, []);
  const { waiting, failed, dismissFailures } = useOfflineScanReplay(onReport);
  if (waiting === 0 && failed.length === 0) return null;
  return (
    <div className="space-y-3">
      {waiting > 0 ? (
        <p role="status" data-testid="scan-queue-status" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-base text-amber-900">
          <span className="block font-semibold">
            {waiting} saved on this phone — will send when online
          </span>
          {online ? <span className="block text-sm">Sending…</span> : null}
        </p>
      ) : null}
      <QueueRefusals
        failed={failed}
        onDismiss={dismissFailures}
        describe={(entry) => `${entry.kind === "case-scan" ? `${entry.target && entry.target.length <= 24 ? entry.target : "Scan"}: ` : ""}${entry.error ?? ""}`}
      />
    </div>
  );
}

/** Processing: the weight of the cremated remains, read off the scale (required for a private cremation). */
function WeighForm({ refText, onSubmit, onCancel }: { refText: string; onSubmit: (lbs: number | null) => void; onCancel: () => void }) {
  const [value, setValue] = useState("");
  const id = useId();
  const lbs = Number(value.replace(",", "."));
  const valid = value.trim() !== "" && Number.isFinite(lbs) && lbs > 0;
  return (
    <form
      className="space-y-4 rounded-2xl border-2 border-slate-200 bg-white p-4"
      aria-label="Weigh the remains"
      onSubmit={(event) => {
        event.preventDefault();
        if (valid) onSubmit(Math.round(lbs * 100) / 100);
      }}
    >
      <p className="text-base text-slate-700">{refText.length > 24 ? "The labelled case" : refText}</p>
      <div className="space-y-2">
        <label htmlFor={id} className="block text-lg font-semibold text-slate-900">
          Weight of the remains (lbs)
        </label>
        <Input id={id} value={value} onChange={(e) => setValue(e.target.value)} inputMode="decimal" autoComplete="off" placeholder="2.45" className="h-14 text-xl" autoFocus />
        <p className="text-sm text-slate-600">Weigh the cremated remains on the scale. It is checked against the pet&apos;s weight at intake.</p>
      </div>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button type="submit" size="lg" disabled={!valid} className="h-14 w-full text-lg sm:flex-1">
          Record processing
        </Button>
        <Button type="button" variant="secondary" size="lg" className="h-14 w-full text-lg sm:flex-1" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
