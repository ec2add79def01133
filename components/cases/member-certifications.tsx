"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { toast, toastError } from "@/components/ui/use-toast";
import { businessToday } from "@/lib/dates";
import { longDay } from "@/lib/dates/day-labels";
import { useAddCertification, useCertifications, useRemoveCertification } from "@/lib/queries/chambers";
import { clientUuid } from "@/lib/offline/uuid";
import { CertificationBadge } from "./certification-badge";

/**
 * A member's certifications on their page (docs/cases.md "Operators and chambers"): each with its
 * issue and expiry dates and its standing today (expiring within 30 days in amber, expired in red);
 * administrators record one and remove one recorded by mistake.
 */
export function MemberCertifications({ memberId, canManage }: { memberId: string; canManage: boolean }) {
  const { data } = useCertifications({ memberId, limit: 200 });
  const remove = useRemoveCertification();
  if (!data) return null;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Certifications ({data.total})</CardTitle>
      </CardHeader>
      <CardContent className="space-y-3">
        {data.items.length === 0 ? <p className="text-sm text-slate-700">No certification on record.</p> : null}
        <ul className="divide-y divide-slate-100" data-testid="member-certifications">
          {data.items.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <div className="min-w-0 text-sm">
                <p className="font-medium break-words text-slate-900">{c.name}</p>
                <p className="text-slate-700">
                  Issued {longDay(c.issuedOn)} · expires {longDay(c.expiresOn)}
                  {c.loadsChamber ? " · may load a chamber" : ""}
                </p>
              </div>
              <div className="flex items-center gap-2">
                <CertificationBadge certification={c} />
                {canManage ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    aria-label={`Remove ${c.name}`}
                    disabled={remove.isPending}
                    onClick={() => remove.mutate(c.id, { onSuccess: () => toast({ title: "Certification removed" }), onError: (failure) => toastError(failure, { title: "The certification was not removed" }) })}
                  >
                    Remove
                  </Button>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
        {canManage ? <AddCertification memberId={memberId} /> : null}
      </CardContent>
    </Card>
  );
}

function AddCertification({ memberId }: { memberId: string }) {
  const add = useAddCertification();
  const [name, setName] = useState("Crematory operator");
  const [issuedOn, setIssuedOn] = useState(businessToday());
  const [expiresOn, setExpiresOn] = useState("");
  const [loadsChamber, setLoadsChamber] = useState(true);
  // One uuid per draft: a retried submit records one certification.
  const [draftId, setDraftId] = useState(() => clientUuid());
  return (
    <form
      className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-2"
      aria-label="Add a certification"
      onSubmit={(event) => {
        event.preventDefault();
        add.mutate(
          { clientUuid: draftId, memberId, name: name.trim(), loadsChamber, issuedOn, expiresOn },
          {
            onSuccess: () => {
              toast({ title: "Certification recorded", description: name.trim() });
              setExpiresOn("");
              setDraftId(clientUuid());
            },
            onError: (failure) => toastError(failure, { title: "The certification was not recorded" }),
          },
        );
      }}
    >
      <label className="text-sm font-medium text-slate-800 sm:col-span-2">
        Certification
        <Input value={name} onChange={(e) => setName(e.target.value)} maxLength={120} required />
      </label>
      <label className="text-sm font-medium text-slate-800">
        Issue date
        <Input type="date" value={issuedOn} onChange={(e) => setIssuedOn(e.target.value)} required />
      </label>
      <label className="text-sm font-medium text-slate-800">
        Expiry date
        <Input type="date" value={expiresOn} min={issuedOn} onChange={(e) => setExpiresOn(e.target.value)} required />
      </label>
      <label className="flex items-center gap-2 text-sm text-slate-800 sm:col-span-2">
        <input type="checkbox" className="size-4" checked={loadsChamber} onChange={(e) => setLoadsChamber(e.target.checked)} />
        Qualifies them to load a chamber (crematory operator)
      </label>
      <div className="sm:col-span-2">
        <Button type="submit" disabled={add.isPending || !name.trim() || !expiresOn}>
          Add certification
        </Button>
      </div>
    </form>
  );
}
