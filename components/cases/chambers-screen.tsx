"use client";

import Link from "next/link";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { businessToday, formatDateTime } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { clientUuid } from "@/lib/offline/uuid";
import { useChambers, type Chamber } from "@/lib/queries/cases";
import { useAddMaintenance, useCertifications, useChamberMaintenance, useCreateChamber, useSetChamberService, useUpdateChamberSettings } from "@/lib/queries/chambers";
import { MAINTENANCE_KINDS, MAINTENANCE_KIND_LABELS } from "@/lib/validations/chambers";
import { ServiceTypeBadge } from "./case-badges";
import { CertificationBadge } from "./certification-badge";

const LOG_PAGE = 5;

/**
 * /cases/chambers (docs/cases-screens.md): each chamber in or out of service, who is in it, its
 * last inspection and its maintenance log; admins and managers record inspections and repairs and
 * take a chamber out of service (with a reason) and back. Administrators decide whether chamber in
 * needs a current certification and add chambers. Below, the operators' certifications that have
 * expired or expire within 30 days.
 */
export function ChambersScreen({ canMaintain, canManage }: { canMaintain: boolean; canManage: boolean }) {
  const chambers = useChambers();
  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">Chambers</h1>
        <Link href="/cases" className="text-sm font-medium text-indigo-700 hover:underline">
          Back to cases
        </Link>
      </div>
      {chambers.isPending ? (
        <Spinner />
      ) : chambers.data ? (
        <>
          <LoadRule requireCertification={chambers.data.requireCertification} canManage={canManage} />
          {chambers.data.items.length === 0 ? <p className="text-sm text-slate-700">No chamber is set up yet.</p> : null}
          <div className="grid gap-4 lg:grid-cols-2">
            {chambers.data.items.map((chamber) => (
              <ChamberCard key={chamber.id} chamber={chamber} canMaintain={canMaintain} />
            ))}
          </div>
          {canManage ? <AddChamber /> : null}
        </>
      ) : null}
      <ExpiringCertifications />
    </div>
  );
}

function LoadRule({ requireCertification, canManage }: { requireCertification: boolean; canManage: boolean }) {
  const update = useUpdateChamberSettings();
  return (
    <Card>
      <CardContent className="flex flex-wrap items-center justify-between gap-3 py-4">
        <p className="text-sm text-slate-800" data-testid="load-rule">
          {requireCertification ? "Only members with a current operator certification may load a chamber." : "Any member may load a chamber; no certification is required."}
        </p>
        {canManage ? (
          <label className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <input
              type="checkbox"
              className="size-5"
              checked={requireCertification}
              disabled={update.isPending}
              onChange={(e) =>
                update.mutate(
                  { requireCertification: e.target.checked },
                  {
                    onSuccess: (saved) => toast({ title: saved.requireCertification ? "Certification required to load" : "Certification no longer required" }),
                    onError: (failure) => toastError(failure, { title: "The setting was not saved" }),
                  },
                )
              }
            />
            Chamber in requires a current certification
          </label>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ChamberCard({ chamber, canMaintain }: { chamber: Chamber; canMaintain: boolean }) {
  const [limit, setLimit] = useState(LOG_PAGE);
  const log = useChamberMaintenance(chamber.id, limit);
  return (
    <Card data-testid={`chamber-${chamber.name}`}>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle as="h2">{chamber.name}</CardTitle>
        {chamber.outOfService ? <Badge variant="danger">Out of service</Badge> : <Badge variant="success">In service</Badge>}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {chamber.outOfService ? (
          <p className="rounded-lg bg-red-50 p-3 text-red-800">
            Out of service since {formatDateTime(chamber.outOfService.since)}: {chamber.outOfService.reason}. Chamber-in scans are refused.
          </p>
        ) : null}
        <p className="text-slate-700">
          {chamber.occupants.length === 0 ? "Empty" : null}
          {chamber.occupants.map((o) => (
            <span key={o.caseNumber} className="mr-2 inline-flex items-center gap-1">
              <Link href={`/cases/${o.caseNumber}`} className="font-medium text-indigo-700 hover:underline">
                {o.caseNumber}
              </Link>
              {o.petName} <ServiceTypeBadge serviceType={o.serviceType} />
            </span>
          ))}
          {" · "}
          {chamber.lastInspectedOn ? `Last inspected ${longDay(chamber.lastInspectedOn)}` : "No inspection on record"}
        </p>
        {canMaintain ? <ServiceToggle chamber={chamber} /> : null}
        <div>
          <h3 className="font-semibold text-slate-900">Maintenance log</h3>
          {log.data && log.data.items.length === 0 ? <p className="text-slate-700">Nothing recorded yet.</p> : null}
          <ul className="divide-y divide-slate-100" data-testid="maintenance-log">
            {log.data?.items.map((entry) => (
              <li key={entry.id} className="py-2">
                <p className="text-slate-900">
                  <span className="font-medium">{MAINTENANCE_KIND_LABELS[entry.kind]}</span> · {longDay(entry.performedOn)} · {entry.performedBy}
                </p>
                {entry.notes ? <p className="break-words whitespace-pre-line text-slate-700">{entry.notes}</p> : null}
              </li>
            ))}
          </ul>
          {log.data && log.data.total > log.data.items.length ? (
            <Button variant="ghost" size="sm" onClick={() => setLimit((n) => n + LOG_PAGE * 4)}>
              Show more ({log.data.total - log.data.items.length})
            </Button>
          ) : null}
        </div>
        {canMaintain ? (
          <details className="rounded-lg border border-slate-200 open:pb-1">
            <summary className="cursor-pointer px-3 py-2 font-medium text-indigo-700">Log an inspection or a repair</summary>
            <AddMaintenance chamber={chamber} />
          </details>
        ) : null}
      </CardContent>
    </Card>
  );
}

function ServiceToggle({ chamber }: { chamber: Chamber }) {
  const set = useSetChamberService(chamber.id);
  const [reason, setReason] = useState("");
  const onError = (failure: unknown) => toastError(failure, { title: "The chamber was not changed" });
  if (chamber.outOfService) {
    return (
      <Button
        variant="secondary"
        disabled={set.isPending}
        onClick={() => set.mutate({ inService: true }, { onSuccess: () => toast({ title: `${chamber.name} is back in service` }), onError })}
      >
        Back in service
      </Button>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        set.mutate({ inService: false, reason: reason.trim() }, { onSuccess: () => (toast({ title: `${chamber.name} is out of service` }), setReason("")), onError });
      }}
    >
      <label className="min-w-0 flex-1 text-sm font-medium text-slate-800">
        Reason to take it out of service
        <Input value={reason} onChange={(e) => setReason(e.target.value)} maxLength={300} placeholder="Burner repair, annual inspection…" />
      </label>
      <Button type="submit" variant="secondary" disabled={set.isPending || !reason.trim()}>
        Take out of service
      </Button>
    </form>
  );
}

function AddMaintenance({ chamber }: { chamber: Chamber }) {
  const add = useAddMaintenance(chamber.id);
  const [kind, setKind] = useState<(typeof MAINTENANCE_KINDS)[number]>("inspection");
  const [performedOn, setPerformedOn] = useState(businessToday());
  const [performedBy, setPerformedBy] = useState("");
  const [notes, setNotes] = useState("");
  const [draftId, setDraftId] = useState(() => clientUuid());
  return (
    <form
      className="grid gap-2 px-3 pb-2 sm:grid-cols-2"
      aria-label={`Log maintenance for ${chamber.name}`}
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { clientUuid: draftId, kind, performedOn, performedBy: performedBy.trim(), notes: notes.trim() },
          {
            onSuccess: () => {
              toast({ title: `${MAINTENANCE_KIND_LABELS[kind]} recorded`, description: chamber.name });
              setNotes("");
              setPerformedBy("");
              setDraftId(clientUuid());
            },
            onError: (failure) => toastError(failure, { title: "The entry was not recorded" }),
          },
        );
      }}
    >
      <label className="text-sm font-medium text-slate-800">
        Kind
        <Select value={kind} onChange={(e) => setKind(e.target.value as typeof kind)}>
          {MAINTENANCE_KINDS.map((k) => (
            <option key={k} value={k}>
              {MAINTENANCE_KIND_LABELS[k]}
            </option>
          ))}
        </Select>
      </label>
      <label className="text-sm font-medium text-slate-800">
        Date
        <Input type="date" value={performedOn} max={businessToday()} onChange={(e) => setPerformedOn(e.target.value)} required />
      </label>
      <label className="text-sm font-medium text-slate-800 sm:col-span-2">
        Done by
        <Input value={performedBy} onChange={(e) => setPerformedBy(e.target.value)} maxLength={120} placeholder="You, or the technician's name" />
      </label>
      <label className="text-sm font-medium text-slate-800 sm:col-span-2">
        Notes
        <Textarea value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={2000} rows={2} />
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending || !performedOn}>
          Log maintenance
        </Button>
      </div>
    </form>
  );
}

function AddChamber() {
  const create = useCreateChamber();
  const [name, setName] = useState("");
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(name.trim(), { onSuccess: () => (toast({ title: "Chamber added", description: name.trim() }), setName("")), onError: (failure) => toastError(failure, { title: "The chamber was not added" }) });
      }}
    >
      <label className="text-sm font-medium text-slate-800">
        New chamber
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={60} />
      </label>
      <Button type="submit" variant="secondary" disabled={create.isPending || !name.trim()}>
        Add chamber
      </Button>
    </form>
  );
}

function ExpiringCertifications() {
  const { data } = useCertifications({ status: "expiring", limit: 50 });
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Certifications expiring soon</CardTitle>
      </CardHeader>
      <CardContent className="text-sm">
        {data && data.items.length === 0 ? <p className="text-slate-700">None expired or expiring within 30 days.</p> : null}
        <ul className="divide-y divide-slate-100" data-testid="expiring-certifications">
          {data?.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span>
                <Link href={`/members/${c.member.id}`} className="font-medium text-indigo-700 hover:underline">
                  {c.member.firstName} {c.member.lastName}
                </Link>{" "}
                · {c.name} · expires {longDay(c.expiresOn)}
              </span>
              <CertificationBadge certification={c} />
            </li>
          ))}
        </ul>
        {data && data.total > data.items.length ? <p className="mt-2 text-slate-600">and {data.total - data.items.length} more</p> : null}
      </CardContent>
    </Card>
  );
}
