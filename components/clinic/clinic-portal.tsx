"use client";

import { Fragment, useState, type FormEvent } from "react";
import type { z } from "zod";
import { apiRequest, fieldErrorsOf, getFriendlyError } from "@/lib/api-client";
import { monthLabel } from "@/lib/billing/pricing";
import { formatDateTime, formatDay } from "@/lib/dates/format";
import { formatMoney } from "@/lib/money";
import { useRouter } from "next/navigation";
import { SERVICE_TYPE_LABELS, SERVICE_TYPES } from "@/lib/cases/stations";
import type { StatementSummary } from "@/lib/validations/billing";
import type { clinicCaseSchema, clinicSelfSchema, pickupRequestListSchema, pickupRequestSchema } from "@/lib/validations/clinics";
import { Button } from "@/components/ui/button";
import { Checkbox, Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";

type Self = z.output<typeof clinicSelfSchema>;
type ClinicCase = z.output<typeof clinicCaseSchema>;
type Pickup = z.output<typeof pickupRequestSchema>;

const PICKUP_STATUS_WORDS: Record<Pickup["status"], string> = {
  open: "Requested",
  assigned: "Driver scheduled",
  picked_up: "Collected",
  cancelled: "Cancelled",
};

const TABS = ["request", "pickups", "cases", "statements"] as const;
type Tab = (typeof TABS)[number];
const TAB_LABELS: Record<Tab, string> = { request: "Request a pickup", pickups: "Pickups", cases: "Cases", statements: "Statements" };

const newUuid = () => crypto.randomUUID();
const shortDate = (iso: string) => formatDateTime(iso);

/** The clinic portal's screen: one column on a phone, tabs on top. */
export function ClinicPortal({ self, initialCases, initialPickups, initialStatements }: { self: Self; initialCases: ClinicCase[]; initialPickups: Pickup[]; initialStatements: StatementSummary[] }) {
  const [tab, setTab] = useState<Tab>("request");
  const [pickups, setPickups] = useState(initialPickups);
  const [justCreated, setJustCreated] = useState<Pickup | null>(null);
  const router = useRouter();

  async function refreshPickups() {
    const list = await apiRequest<z.output<typeof pickupRequestListSchema>>("GET", "/api/clinic/pickup-requests");
    setPickups(list.items);
  }

  async function signOut() {
    await apiRequest("POST", "/api/logout").catch(() => undefined);
    router.replace("/");
    router.refresh();
  }

  return (
    <div className="mx-auto min-h-screen max-w-3xl bg-slate-50 px-4 pb-16 pt-4 sm:px-6">
      <header className="mb-4 flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="text-xs font-semibold uppercase tracking-wide text-slate-500">Clinic portal</p>
          <h1 className="truncate text-xl font-bold text-slate-900">{self.clinic.name}</h1>
          <p className="truncate text-sm text-slate-600">{self.user.name}</p>
        </div>
        <Button variant="secondary" size="sm" onClick={signOut}>
          Sign out
        </Button>
      </header>
      <nav className="mb-4 grid grid-cols-2 gap-1 sm:grid-cols-4 rounded-lg bg-slate-200 p-1" aria-label="Portal sections">
        {TABS.map((t) => (
          <button
            key={t}
            type="button"
            aria-current={tab === t ? "page" : undefined}
            onClick={() => setTab(t)}
            className={`min-h-11 rounded-md px-2 text-sm font-medium ${tab === t ? "bg-white text-slate-900 shadow-sm" : "text-slate-600"}`}
          >
            {TAB_LABELS[t]}
          </button>
        ))}
      </nav>
      {tab === "request" && (
        <>
          {justCreated && <CreatedNotice pickup={justCreated} />}
          <PickupForm
            clinicAddress={self.clinic.address}
            onCreated={async (pickup) => {
              setJustCreated(pickup);
              await refreshPickups().catch(() => undefined);
              window.scrollTo({ top: 0 });
            }}
          />
        </>
      )}
      {tab === "pickups" && <PickupList pickups={pickups} />}
      {tab === "cases" && <CaseList cases={initialCases} />}
      {tab === "statements" && <StatementList statements={initialStatements} />}
    </div>
  );
}

function CreatedNotice({ pickup }: { pickup: Pickup }) {
  return (
    <section className="mb-4 rounded-lg border border-emerald-300 bg-emerald-50 p-4" aria-live="polite">
      <p className="font-semibold text-emerald-900">
        Pickup {pickup.number} requested for {pickup.petName}.
      </p>
      <p className="mt-1 text-sm text-emerald-900">Print the tag and attach it to the pet: our driver scans it at your door.</p>
      <a className="mt-3 inline-flex min-h-11 items-center rounded-md bg-emerald-700 px-4 text-sm font-semibold text-white" href={`/api/clinic/pickup-requests/${pickup.number}/label`} target="_blank" rel="noopener">
        Print the tag
      </a>
    </section>
  );
}

function PickupForm({ clinicAddress, onCreated }: { clinicAddress: string | null; onCreated: (pickup: Pickup) => Promise<void> }) {
  const [uuid, setUuid] = useState(newUuid);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ownerWillContact, setOwnerWillContact] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const weight = text("petWeightLbs");
    const body = {
      uuid,
      petName: text("petName"),
      petSpecies: text("petSpecies"),
      petWeightLbs: weight === "" ? null : Number(weight),
      ownerName: ownerWillContact ? null : text("ownerName"),
      ownerContact: ownerWillContact ? null : text("ownerContact"),
      ownerWillContact,
      serviceType: text("serviceType") || null,
      urgency: form.get("urgency") === "urgent" ? "urgent" : "routine",
      note: text("note"),
    };
    setBusy(true);
    setErrors({});
    setMessage(null);
    try {
      const created = await apiRequest<Pickup>("POST", "/api/clinic/pickup-requests", body);
      (event.target as HTMLFormElement).reset();
      setOwnerWillContact(false);
      setUuid(newUuid());
      await onCreated(created);
    } catch (error) {
      setErrors(fieldErrorsOf(error));
      setMessage(getFriendlyError(error).description);
    } finally {
      setBusy(false);
    }
  }

  const err = (name: string) => errors[name] && <p className="mt-1 text-sm text-red-700" id={`${name}-error`}>{errors[name]}</p>;
  return (
    <form onSubmit={submit} noValidate className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <h2 className="text-lg font-semibold text-slate-900">Request a pickup</h2>
      {clinicAddress && <p className="text-sm text-slate-600">From {clinicAddress.split("\n").join(", ")}</p>}
      <div>
        <Label htmlFor="petName" required>Pet name</Label>
        <Input id="petName" name="petName" autoComplete="off" aria-invalid={!!errors.petName} aria-describedby={errors.petName ? "petName-error" : undefined} />
        {err("petName")}
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <Label htmlFor="petSpecies" required>Species</Label>
          <Input id="petSpecies" name="petSpecies" list="species-options" aria-invalid={!!errors.petSpecies} />
          <datalist id="species-options">
            <option value="Dog" />
            <option value="Cat" />
            <option value="Rabbit" />
            <option value="Bird" />
          </datalist>
          {err("petSpecies")}
        </div>
        <div>
          <Label htmlFor="petWeightLbs">Weight (lb)</Label>
          <Input id="petWeightLbs" name="petWeightLbs" inputMode="decimal" aria-invalid={!!errors.petWeightLbs} />
          {err("petWeightLbs")}
        </div>
      </div>
      <fieldset className="space-y-3">
        <legend className="text-sm font-medium text-slate-700">Owner</legend>
        <Checkbox id="ownerWillContact" name="ownerWillContact" className="min-h-11" checked={ownerWillContact} onChange={(e) => setOwnerWillContact(e.currentTarget.checked)} label="The owner will contact you" />
        {!ownerWillContact && (
          <>
            <div>
              <Label htmlFor="ownerName" required>Owner name</Label>
              <Input id="ownerName" name="ownerName" autoComplete="off" aria-invalid={!!errors.ownerName} />
              {err("ownerName")}
            </div>
            <div>
              <Label htmlFor="ownerContact">Owner phone or e-mail</Label>
              <Input id="ownerContact" name="ownerContact" autoComplete="off" />
              {err("ownerContact")}
            </div>
          </>
        )}
      </fieldset>
      <div>
        <Label htmlFor="serviceType">Service, if the owner has chosen</Label>
        <select id="serviceType" name="serviceType" className="mt-1 block min-h-11 w-full rounded-md border border-slate-300 bg-white px-3 text-sm" defaultValue="">
          <option value="">Not chosen yet</option>
          {SERVICE_TYPES.map((type) => (
            <option key={type} value={type}>
              {SERVICE_TYPE_LABELS[type]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <Label htmlFor="note">Note for the driver</Label>
        <Textarea id="note" name="note" rows={2} placeholder="In the cooler, left shelf" />
        {err("note")}
      </div>
      <Checkbox id="urgency" name="urgency" value="urgent" className="min-h-11" label="Urgent (today, please)" />
      {message && <p className="text-sm text-red-700" role="alert">{message}</p>}
      <Button type="submit" className="min-h-11 w-full" isLoading={busy}>
        Request pickup
      </Button>
    </form>
  );
}

function PickupList({ pickups }: { pickups: Pickup[] }) {
  if (pickups.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">No pickups requested yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Pickups">
      {pickups.map((p) => (
        <li key={p.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{p.petName}</p>
              <p className="text-sm text-slate-600">
                {p.number} · {p.petSpecies}
                {p.urgency === "urgent" ? " · Urgent" : ""}
              </p>
            </div>
            <span className="shrink-0 rounded-full bg-slate-100 px-2 py-1 text-xs font-medium text-slate-700">{PICKUP_STATUS_WORDS[p.status]}</span>
          </div>
          <p className="mt-1 text-xs text-slate-500">Requested {shortDate(p.createdAt)}{p.caseNumber ? ` · Case ${p.caseNumber}` : ""}</p>
          {p.status !== "cancelled" && (
            <a className="mt-3 inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-800" href={`/api/clinic/pickup-requests/${p.number}/label`} target="_blank" rel="noopener">
              Print the tag
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

function CaseList({ cases }: { cases: ClinicCase[] }) {
  if (cases.length === 0) return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">No cases from your clinic yet.</p>;
  return (
    <ul className="space-y-3" aria-label="Cases">
      {cases.map((c) => (
        <li key={c.number} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{c.petName}</p>
              <p className="text-sm text-slate-600">
                {c.number} · {c.petSpecies} · {SERVICE_TYPE_LABELS[c.serviceType]}
              </p>
            </div>
          </div>
          <p className="mt-2 text-sm font-medium text-indigo-800">{c.statusLabel}</p>
          {c.statusAt && <p className="text-xs text-slate-500">Since {shortDate(c.statusAt)}</p>}
          {c.certificateReady && (
            <a className="mt-3 inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-800" href={`/api/clinic/cases/${c.number}/certificate`} download>
              Download certificate
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}

/** The clinic's monthly statements (docs/billing.md "Statements"), newest first, each with its two files. */
function StatementList({ statements }: { statements: StatementSummary[] }) {
  if (statements.length === 0) {
    return <p className="rounded-lg border border-slate-200 bg-white p-4 text-sm text-slate-600">No statements yet. Your monthly statement appears here once it is issued.</p>;
  }
  const fileLink = "inline-flex min-h-11 items-center rounded-md border border-slate-300 px-4 text-sm font-medium text-slate-800";
  return (
    <ul className="space-y-3" aria-label="Statements">
      {statements.map((s) => (
        <li key={s.id} className="rounded-lg border border-slate-200 bg-white p-4">
          <div className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <p className="font-semibold text-slate-900">{monthLabel(s.month)}</p>
              <p className="break-words text-sm text-slate-600">{s.number}</p>
            </div>
            <div className="shrink-0 text-right">
              <p className="text-xs text-slate-500">Balance due</p>
              <p className="font-semibold tabular-nums text-slate-900">{formatMoney(s.balanceCents)}</p>
            </div>
          </div>
          <p className="mt-2 text-xs text-slate-500">
            {[
              `Issued ${formatDay(s.issuedAt)}`,
              `Charges ${formatMoney(s.chargesCents)}`,
              ...(s.taxCents !== 0 ? [`Sales tax ${formatMoney(s.taxCents)}`] : []),
              `Payments ${formatMoney(s.paymentsCents)}`,
            ].map((part, i) => (
              // Each figure stays whole when the line wraps on a narrow phone; it breaks at the dots.
              <Fragment key={part}>
                {i > 0 && " · "}
                <span className="whitespace-nowrap">{part}</span>
              </Fragment>
            ))}
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <a className={fileLink} href={`/api/clinic/statements/${s.id}/file?format=pdf`} download>
              Download PDF
            </a>
            <a className={fileLink} href={`/api/clinic/statements/${s.id}/file?format=csv`} download>
              Download CSV
            </a>
          </div>
        </li>
      ))}
    </ul>
  );
}
