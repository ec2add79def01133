"use client";

import { CaseChargesCard, type CaseBilling } from "@/components/billing/case-charges-card";
import { LabourCostCard } from "@/components/pay/labour-cost-card";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type ReactNode } from "react";
import { Badge } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/components/ui/card";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { Dialog } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { Textarea } from "@/components/ui/textarea";
import { toast, toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { RETURN_METHOD_LABELS, STATION_LABELS } from "@/lib/cases/stations";
import { formatDateTime, formatDay } from "@/lib/dates";
import {
  caseCertificateHref,
  caseReturnReceiptHref,
  caseEventFileHref,
  caseLabelHref,
  casePhotoHref,
  useCase,
  useCloseCase,
  useRenewFamilyLink,
  useRevokeFamilyLink,
  useVerifyCustody,
  type CaseDetail as CaseDetailData,
  type CustodyVerify,
} from "@/lib/queries/cases";
import { ServiceTypeBadge } from "./case-badges";
import { CaseAuthorization } from "./case-authorization";
import { CaseBelongings } from "./case-belongings";

type CaseEvent = CaseDetailData["events"][number];

/**
 * /cases/{number}: the pet, the family, the options, the steps done, the case's tasks (from its
 * process) and the custody log with its verify button; label and certificate PDFs, the family's
 * link (copy, e-mail, new link; revoke for admins), edit and close for admins and managers.
 */
export function CaseDetail({
  number,
  showCost = false,
  billing = null,
}: {
  number: string;
  /** pay.read: the case's labour cost (docs/time.md). */
  showCost?: boolean;
  /** billing.read: the Charges card with the server's first read (docs/billing.md). */
  billing?: CaseBilling | null;
}) {
  const query = useCase(number);
  if (query.isPending) {
    return (
      <div role="status" className="flex items-center gap-2 p-6 text-slate-600">
        <Spinner label="" /> Loading the case…
      </div>
    );
  }
  if (query.isError) {
    const friendly = getFriendlyError(query.error);
    return <EmptyState title={friendly.title} description={friendly.description} action={<Link href="/cases" className={buttonClasses({ variant: "secondary" })}>Back to cases</Link>} />;
  }
  return <CaseView data={query.data} showCost={showCost} billing={billing} />;
}

function CaseView({ data, showCost, billing }: { data: CaseDetailData; showCost: boolean; billing: CaseBilling | null }) {
  const done = data.stations.filter((s) => s.done).length;
  return (
    <div className="space-y-5">
      <nav aria-label="Breadcrumb" className="text-sm text-slate-600">
        <Link href="/cases" className="hover:underline">
          Cases
        </Link>{" "}
        / <span className="font-mono">{data.number}</span>
      </nav>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="flex items-start gap-4">
          {data.hasPetPhoto ? (
            // eslint-disable-next-line @next/next/no-img-element -- an authorized API file, not a static asset
            <img src={casePhotoHref(data.number)} alt={`Photo of ${data.petName}`} className="size-20 rounded-xl object-cover ring-1 ring-slate-200" />
          ) : null}
          <div>
            <h1 className="text-2xl font-semibold text-slate-900">{data.petName}</h1>
            <p className="mt-0.5 font-mono text-sm text-slate-600">{data.number}</p>
            <div className="mt-2 flex flex-wrap items-center gap-2">
              <ServiceTypeBadge serviceType={data.serviceType} />
              {data.status === "closed" ? <Badge>Closed</Badge> : <Badge variant="success">Open</Badge>}
              <span className="text-sm text-slate-700">{data.currentStation ? `At ${STATION_LABELS[data.currentStation].toLowerCase()}` : "Awaiting intake"}</span>
            </div>
          </div>
        </div>
        <CaseActions data={data} />
      </header>

      <Card>
        <CardHeader>
          <CardTitle as="h2">
            Steps ({done} of {data.stations.length})
          </CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="grid gap-2 sm:grid-cols-3 lg:grid-cols-5">
            {data.stations.map((s) => (
              <li key={s.station} className={`rounded-md border px-3 py-2 text-sm ${s.done ? "border-emerald-200 bg-emerald-50" : data.nextStation === s.station ? "border-indigo-300 bg-indigo-50" : "border-slate-200"}`}>
                <span className="font-medium text-slate-900">{STATION_LABELS[s.station]}</span>
                <span className="block text-xs text-slate-700">{s.done && s.at ? formatDateTime(s.at) : data.nextStation === s.station ? "Next" : "Not yet"}</span>
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>

      <CaseAuthorization number={data.number} canSign={data.permissions.canEdit} open={data.status === "open"} clinic={data.clinic?.name ?? null} />
      <CaseBelongings number={data.number} canEdit={data.permissions.canEdit} open={data.status === "open"} />

      <div className="grid grid-cols-1 gap-5 lg:grid-cols-3">
        <Card>
          <CardHeader>
            <CardTitle as="h2">Pet</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ["Name", data.petName],
                ["Species", data.petSpecies],
                ["Breed", data.petBreed],
                ["Weight", data.petWeightLbs !== null ? `${data.petWeightLbs} lbs` : null],
                ["Remains' weight", data.remainsWeightLbs !== null ? `${data.remainsWeightLbs} lbs` : null],
                ["Colour and markings", data.petColor],
                ["Tag serial", <span key="tag" className="font-mono">{data.tagSerial}</span>],
              ]}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Family</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <Facts
              rows={[
                ["Name", data.familyName],
                ["Phone", data.familyPhone],
                ["E-mail", data.familyEmail],
                ["Address", data.familyAddress ? <span key="addr" className="whitespace-pre-line">{data.familyAddress}</span> : null],
                ["E-mails", data.familyEmailConsent ? "Status link by e-mail" : "No e-mails"],
              ]}
            />
            <FamilyLink data={data} />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle as="h2">Service</CardTitle>
          </CardHeader>
          <CardContent>
            <Facts
              rows={[
                ["Referred by", data.clinic?.name ?? "Direct"],
                ["Paw print", data.pawPrint ? "Yes" : "No"],
                ["Fur clipping", data.furClipping ? "Yes" : "No"],
                ["Urn or product", data.urnProduct],
                ["Return", data.returnMethod ? RETURN_METHOD_LABELS[data.returnMethod] : data.serviceType === "communal" ? "No return (communal)" : null],
                ["Promised return", data.promisedReturnDate ? formatDay(data.promisedReturnDate) : null],
                ["Received", formatDateTime(data.receivedAt)],
                ["Notes", data.notes ? <span key="notes" className="whitespace-pre-line">{data.notes}</span> : null],
                ["Closed", data.closedAt ? `${formatDateTime(data.closedAt)}${data.closedReason ? ` — ${data.closedReason}` : ""}` : null],
              ]}
            />
          </CardContent>
        </Card>
      </div>

      {billing ? <CaseChargesCard number={data.number} billing={billing} /> : null}
      {showCost ? <LabourCostCard query={`caseId=${data.id}`} title="Labour cost of this cremation" what="this case's tasks" /> : null}

      <Card>
        <CardHeader>
          <CardTitle as="h2">Tasks{data.processRun ? ` · ${data.processRun.processName}` : ""}</CardTitle>
        </CardHeader>
        <CardContent>
          {data.tasks.length === 0 ? (
            <p className="text-sm text-slate-600">No tasks: this case&apos;s process template was not found when it was created.</p>
          ) : (
            <ol className="divide-y divide-slate-100">
              {data.tasks.map((task) => (
                <li key={task.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <Link href={`/tasks/${task.id}`} className="font-medium text-indigo-700 hover:underline">
                    #{task.displayNumber} {task.title}
                  </Link>
                  <Badge variant={task.status === "completed" ? "success" : "neutral"}>{task.status.replace(/_/g, " ")}</Badge>
                </li>
              ))}
            </ol>
          )}
        </CardContent>
      </Card>

      <CustodyLog data={data} />
    </div>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid grid-cols-[minmax(0,9rem)_1fr] gap-x-3 gap-y-2 text-sm">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-slate-600">{label}</dt>
          <dd className="min-w-0 break-words text-slate-900">{value ?? <span className="text-slate-500">—</span>}</dd>
        </div>
      ))}
    </dl>
  );
}

function CaseActions({ data }: { data: CaseDetailData }) {
  const [closing, setClosing] = useState(false);
  return (
    <div className="flex flex-wrap gap-2">
      <a href={caseLabelHref(data.number)} target="_blank" rel="noopener" className={buttonClasses({ variant: "secondary" })}>
        Print label
      </a>
      <a href={caseLabelHref(data.number, "sheet")} target="_blank" rel="noopener" className={buttonClasses({ variant: "secondary" })}>
        Label sheet
      </a>
      {data.certificateAvailable ? (
        <a href={caseCertificateHref(data.number)} target="_blank" rel="noopener" className={buttonClasses({ variant: "secondary" })}>
          Certificate
        </a>
      ) : null}
      {data.stations.some((s) => s.station === "returned" && s.done) ? (
        <a href={caseReturnReceiptHref(data.number)} target="_blank" rel="noopener" className={buttonClasses({ variant: "secondary" })}>
          Return receipt
        </a>
      ) : null}
      {data.permissions.canEdit ? (
        <>
          <Link href={`/cases/${encodeURIComponent(data.number)}/edit`} className={buttonClasses()}>
            Edit
          </Link>
          {data.status === "open" ? (
            <Button variant="ghost" onClick={() => setClosing(true)}>
              Close case
            </Button>
          ) : null}
        </>
      ) : null}
      <CloseCaseDialog number={data.number} open={closing} onClose={() => setClosing(false)} />
    </div>
  );
}

function CloseCaseDialog({ number, open, onClose }: { number: string; open: boolean; onClose: () => void }) {
  const close = useCloseCase(number);
  const [reason, setReason] = useState("");
  const submit = async () => {
    try {
      await close.mutateAsync(reason.trim());
      toast({ title: "Case closed", description: number });
      onClose();
    } catch (error) {
      toastError(error, { title: "Could not close the case" });
    }
  };
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title="Close this case?"
      description="Closes the case without a return scan (for example, the family took the pet elsewhere). The reason is kept."
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={close.isPending}>
            Cancel
          </Button>
          <Button variant="destructive" onClick={() => void submit()} isLoading={close.isPending} disabled={!reason.trim()}>
            Close case
          </Button>
        </>
      }
    >
      <label htmlFor="close-reason" className="block text-sm font-medium text-slate-700">
        Reason
      </label>
      <Textarea id="close-reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} className="mt-1" />
    </Dialog>
  );
}

function FamilyLink({ data }: { data: CaseDetailData }) {
  const renew = useRenewFamilyLink(data.number);
  const revoke = useRevokeFamilyLink(data.number);
  const [confirmRevoke, setConfirmRevoke] = useState(false);
  const url = data.familyLink?.url ?? null;
  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      toast({ title: "Link copied", description: "The family's status link is on the clipboard." });
    } catch {
      toast({ title: "Could not copy", description: url, variant: "destructive" });
    }
  };
  const mailto =
    url && data.familyEmail
      ? `mailto:${encodeURIComponent(data.familyEmail)}?subject=${encodeURIComponent(`${data.petName}: status in our care`)}&body=${encodeURIComponent(`You can follow each step of ${data.petName}'s care here:\n${url}`)}`
      : null;
  return (
    <section aria-labelledby="family-link-heading" className="rounded-md border border-slate-200 p-3">
      <h3 id="family-link-heading" className="text-sm font-semibold text-slate-900">
        Family status link
      </h3>
      {url ? (
        <>
          <p className="mt-1 font-mono text-xs break-all text-slate-700" data-testid="family-link">
            {url}
          </p>
          <p className="text-xs text-slate-600">Issued {formatDateTime(data.familyLink!.createdAt)}</p>
        </>
      ) : (
        <p className="mt-1 text-sm text-slate-600">No live link: the family&apos;s page is closed.</p>
      )}
      <div className="mt-2 flex flex-wrap gap-2">
        {url ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => void copy()}>
              Copy link
            </Button>
            {mailto ? (
              <a href={mailto} className={buttonClasses({ variant: "secondary", size: "sm" })}>
                E-mail link
              </a>
            ) : null}
            <a href={url} target="_blank" rel="noopener" className={buttonClasses({ variant: "ghost", size: "sm" })}>
              Open
            </a>
          </>
        ) : null}
        {data.permissions.canEdit ? (
          <Button
            size="sm"
            variant="secondary"
            isLoading={renew.isPending}
            onClick={() =>
              renew.mutate(undefined, {
                onSuccess: () => toast({ title: "New link issued", description: url ? "The old link no longer opens." : "Send it to the family." }),
                onError: (error) => toastError(error, { title: "Could not issue a link" }),
              })
            }
          >
            {url ? "New link" : "Issue link"}
          </Button>
        ) : null}
        {url && data.permissions.canRevokeFamilyLink ? (
          <Button size="sm" variant="ghost" className="text-red-700" onClick={() => setConfirmRevoke(true)}>
            Revoke
          </Button>
        ) : null}
      </div>
      <ConfirmDialog
        open={confirmRevoke}
        onClose={() => setConfirmRevoke(false)}
        title="Revoke the family's link?"
        description="The family's page stops opening at once. You can issue a new link later."
        confirmLabel="Revoke link"
        pending={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(undefined, {
            onSuccess: () => {
              toast({ title: "Link revoked" });
              setConfirmRevoke(false);
            },
            onError: (error) => toastError(error, { title: "Could not revoke the link" }),
          })
        }
      />
    </section>
  );
}

function CustodyLog({ data }: { data: CaseDetailData }) {
  const verify = useVerifyCustody(data.number);
  const router = useRouter();
  return (
    <Card>
      <CardHeader className="flex flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2">Custody log</CardTitle>
        <div className="flex items-center gap-3">
          <Button size="sm" variant="secondary" isLoading={verify.isPending} onClick={() => verify.mutate(undefined, { onError: (error) => toastError(error, { title: "Could not verify" }) })}>
            Verify the log
          </Button>
          <Button size="sm" variant="ghost" onClick={() => router.push("/scan")}>
            Scan
          </Button>
        </div>
      </CardHeader>
      <CardContent className="space-y-3">
        {verify.data ? <VerifyResult result={verify.data} /> : null}
        {data.events.length === 0 ? (
          <p className="text-sm text-slate-600">Nothing recorded yet. The intake scan starts the log.</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {data.events.map((event) => (
              <EventRow key={event.id} number={data.number} event={event} />
            ))}
          </ol>
        )}
      </CardContent>
    </Card>
  );
}

function VerifyResult({ result }: { result: CustodyVerify }) {
  return (
    <p
      role="status"
      data-testid="custody-verify"
      className={`rounded-md border p-3 text-sm font-medium ${result.intact ? "border-emerald-300 bg-emerald-50 text-emerald-900" : "border-red-300 bg-red-50 text-red-900"}`}
    >
      {result.intact ? "Intact" : "Broken"}: {result.message}
    </p>
  );
}

const KIND_LABELS: Record<CaseEvent["kind"], string> = { scan: "Scan", override: "Override", label_print: "Label printed", certificate: "Certificate", authorization: "Authorization signed", authorization_void: "Authorization voided" };

function EventRow({ number, event }: { number: string; event: CaseEvent }) {
  const details = event.details as Record<string, unknown>;
  const text = (key: string) => (typeof details[key] === "string" ? (details[key] as string) : null);
  return (
    <li className="grid gap-1 py-2 text-sm sm:grid-cols-[3rem_11rem_1fr]" data-testid="custody-event">
      <span className="font-mono text-xs text-slate-500">#{event.seq}</span>
      <span className="text-slate-700">{formatDateTime(event.serverTime)}</span>
      <div className="min-w-0">
        <p className="font-medium text-slate-900">
          {event.kind === "scan" && event.station ? STATION_LABELS[event.station] : KIND_LABELS[event.kind]}
          {event.chamber ? ` · ${event.chamber.name}` : ""}
          {event.offline ? (
            <Badge variant="warning" className="ml-2">
              Offline · tapped {formatDateTime(event.deviceTime)}
            </Badge>
          ) : null}
          {event.kind === "override" ? (
            <Badge variant="danger" className="ml-2">
              Override
            </Badge>
          ) : null}
        </p>
        <p className="text-slate-700">
          {event.member ? `${event.member.firstName} ${event.member.lastName}` : "The family, from its link"}
          {event.kind === "override" && text("reason") ? ` — “${text("reason")}”` : ""}
          {event.kind === "label_print" && text("format") ? ` — ${text("format") === "sheet" ? "sheet" : "label"}` : ""}
        </p>
        {event.kind === "authorization" && text("statement") ? <p className="text-slate-700">{text("statement")}</p> : null}
        {text("receiverName") ? (
          <p className="text-slate-700">
            Received by {text("receiverName")}
            {details.tagVerified === true ? " · tag checked" : ""}
            {details.hasSignature === true ? (
              <>
                {" · "}
                <a href={caseEventFileHref(number, event.seq, "signature")} target="_blank" rel="noopener" className="text-indigo-700 underline underline-offset-2">
                  signature
                </a>
              </>
            ) : null}
          </p>
        ) : null}
        {event.note ? <p className="whitespace-pre-line text-slate-700">{event.note}</p> : null}
        {event.hasPhoto ? (
          <a href={caseEventFileHref(number, event.seq, "photo")} target="_blank" rel="noopener" className="text-indigo-700 underline underline-offset-2">
            Photo
          </a>
        ) : null}
      </div>
    </li>
  );
}
