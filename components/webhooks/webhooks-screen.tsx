"use client";

import { useState } from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyOnceDialog } from "@/components/ui/copy-once-dialog";
import { Dialog } from "@/components/ui/dialog";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Chips, Detail, Details, RecordActions, RecordCard, RecordList } from "@/components/ui/record-list";
import { RollSecretDialog } from "@/components/ui/roll-secret-dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { formatDateTime } from "@/lib/dates";
import {
  useDeleteWebhook,
  useResendWebhookDelivery,
  useRotateWebhookSecret,
  useUpdateWebhook,
  useWebhookDeliveries,
  useWebhooks,
  type Webhook,
  type WebhookDelivery,
} from "@/lib/queries/webhooks";

const LazyCreateWebhookDialog = lazyDialog(() => import("./webhook-form").then((m) => m.CreateWebhookDialog));

const STATUS: Record<Webhook["status"], { label: string; variant: BadgeVariant }> = {
  active: { label: "Active", variant: "success" },
  paused: { label: "Paused", variant: "warning" },
  disabled: { label: "Disabled", variant: "danger" },
};

const DELIVERY_STATUS: Record<WebhookDelivery["status"], { label: string; variant: BadgeVariant }> = {
  pending: { label: "Retrying", variant: "warning" },
  succeeded: { label: "Delivered", variant: "success" },
  failed: { label: "Failed", variant: "danger" },
};

/** /admin/webhooks: outgoing webhooks, their signing secrets (shown once), and the delivery log with Resend. */
export function WebhooksScreen() {
  const list = useWebhooks();
  const [creating, setCreating] = useState(false);
  const [secret, setSecret] = useState<{ value: string; title: string } | null>(null);
  const [rotating, setRotating] = useState<Webhook | null>(null);
  const [deleting, setDeleting] = useState<Webhook | null>(null);
  const [logOf, setLogOf] = useState<Webhook | null>(null);
  const hooks = list.data?.items ?? [];

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">Webhooks</h1>
          <p className="mt-1 text-sm text-slate-600">
            Tell other systems what happens here as it happens: each event is POSTed to your URL, signed, and retried for 24 hours.
          </p>
        </div>
        <Button onClick={() => setCreating(true)}>Add webhook</Button>
      </div>

      <RecordList query={list} count={hooks.length} label="Webhooks" empty={{ title: "No webhooks yet", description: "Add one for each system that should hear about tasks and punches." }}>
        {hooks.map((hook) => (
          <WebhookRow key={hook.id} hook={hook} onRotate={setRotating} onDelete={setDeleting} onLog={setLogOf} />
        ))}
      </RecordList>

      <LazyCreateWebhookDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret({ value, title: "Webhook added" });
        }}
      />
      <RotateDialog hook={rotating} onClose={() => setRotating(null)} onRotated={(value) => (setRotating(null), setSecret({ value, title: "Signing secret rolled" }))} />
      <DeleteDialog hook={deleting} onClose={() => setDeleting(null)} />
      <DeliveryLog hook={logOf} onClose={() => setLogOf(null)} />
      <CopyOnceDialog
        open={secret !== null}
        title={secret?.title ?? ""}
        description="Copy the signing secret now. It is shown only this once."
        fields={[{ id: "webhook-secret", label: "Signing secret", value: secret?.value ?? "" }]}
        onDone={() => setSecret(null)}
      >
        Verify each request&apos;s <code className="rounded bg-slate-100 px-1">BFS-Signature</code> header with it (see the API reference).
      </CopyOnceDialog>
    </div>
  );
}

function WebhookRow({ hook, onRotate, onDelete, onLog }: { hook: Webhook; onRotate: (h: Webhook) => void; onDelete: (h: Webhook) => void; onLog: (h: Webhook) => void }) {
  const update = useUpdateWebhook();
  const status = STATUS[hook.status];
  const toggle = () =>
    update.mutate(
      { id: hook.id, isActive: hook.status !== "active" },
      {
        onSuccess: () => toast({ title: hook.status === "active" ? "Webhook paused" : "Webhook resumed", description: hook.url }),
        onError: (e) => toastError(e, { title: "Could not change the webhook" }),
      },
    );
  return (
    <RecordCard
      testId="webhook-row"
      heading={<h2 className="min-w-0 font-mono text-sm break-all text-slate-900">{hook.url}</h2>}
      status={status}
      sub={hook.description && <p className="mt-0.5 text-sm text-slate-600">{hook.description}</p>}
    >
      <Chips label="Events" items={hook.eventTypes} />
      <Details>
        <Detail term="Secret">
          <span className="font-mono">{hook.secretHint}…</span>
        </Detail>
        {hook.previousSecretExpiresAt && <Detail term="Previous secret signs until">{formatDateTime(hook.previousSecretExpiresAt)}</Detail>}
        <Detail term="Last delivery">
          {hook.lastDelivery ? `${formatDateTime(hook.lastDelivery.at)}${hook.lastDelivery.statusCode ? ` (HTTP ${hook.lastDelivery.statusCode})` : ""}` : "None yet"}
        </Detail>
        <Detail term="Failures in a row">{hook.consecutiveFailures}</Detail>
        {hook.disabledReason && <Detail term="Disabled">{`${hook.disabledAt ? formatDateTime(hook.disabledAt) : ""}: ${hook.disabledReason}`}</Detail>}
      </Details>
      <RecordActions>
        <Button size="sm" variant="secondary" onClick={() => onLog(hook)} aria-label={`Delivery log of ${hook.url}`}>
          Delivery log
        </Button>
        <Button size="sm" variant="secondary" isLoading={update.isPending} onClick={toggle}>
          {hook.status === "active" ? "Pause" : hook.status === "disabled" ? "Re-enable" : "Resume"}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => onRotate(hook)} aria-label={`Roll the secret of ${hook.url}`}>
          Roll secret
        </Button>
        <Button size="sm" variant="destructive" onClick={() => onDelete(hook)} aria-label={`Delete ${hook.url}`}>
          Delete
        </Button>
      </RecordActions>
    </RecordCard>
  );
}

function DeliveryLog({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const [page, setPage] = useState(1);
  const log = useWebhookDeliveries(hook?.id ?? null, page);
  const resend = useResendWebhookDelivery();
  const items = log.data?.items ?? [];
  const pages = log.data ? Math.max(1, Math.ceil(log.data.total / log.data.pageSize)) : 1;
  return (
    <Dialog open={hook !== null} onClose={onClose} title="Delivery log" description={hook?.url} size="lg">
      {!log.data ? (
        <div className="flex justify-center py-8">
          <Spinner />
        </div>
      ) : items.length === 0 ? (
        <p className="text-sm text-slate-600">No events sent yet.</p>
      ) : (
        <ul className="space-y-3" aria-label="Deliveries">
          {items.map((d) => (
            <li key={d.id} className="rounded-md border border-slate-200 p-3" data-testid="webhook-delivery">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <div className="flex min-w-0 flex-wrap items-center gap-2">
                  <span className="font-mono text-sm text-slate-900">{d.eventType}</span>
                  <Badge variant={DELIVERY_STATUS[d.status].variant}>{DELIVERY_STATUS[d.status].label}</Badge>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  isLoading={resend.isPending && resend.variables === d.id}
                  onClick={() =>
                    resend.mutate(d.id, {
                      onSuccess: () => toast({ title: "Delivery queued again", description: d.eventType }),
                      onError: (e) => toastError(e, { title: "Could not resend" }),
                    })
                  }
                >
                  Resend
                </Button>
              </div>
              <p className="mt-1 font-mono text-xs break-all text-slate-500">{d.eventId}</p>
              <p className="text-xs text-slate-600">
                {formatDateTime(d.createdAt)} · {d.attempts} {d.attempts === 1 ? "attempt" : "attempts"}
                {d.nextAttemptAt && d.attempts > 0 ? ` · next ${formatDateTime(d.nextAttemptAt)}` : ""}
              </p>
              {d.log.length > 0 && (
                <table className="mt-2 w-full table-fixed text-left text-xs">
                  <thead className="text-slate-500">
                    <tr>
                      <th className="w-10 font-normal">#</th>
                      <th className="w-16 font-normal">Status</th>
                      <th className="w-16 font-normal">Time</th>
                      <th className="font-normal">Response</th>
                    </tr>
                  </thead>
                  <tbody>
                    {d.log.map((a) => (
                      <tr key={a.attempt} className="align-top text-slate-800">
                        <td>{a.attempt}</td>
                        <td>{a.statusCode ?? "—"}</td>
                        <td>{a.durationMs} ms</td>
                        <td className="truncate" title={a.error ?? a.responseExcerpt ?? ""}>
                          {a.error ?? a.responseExcerpt ?? ""}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page} pages={pages} onPageChange={setPage} />
    </Dialog>
  );
}

function RotateDialog({ hook, onClose, onRotated }: { hook: Webhook | null; onClose: () => void; onRotated: (secret: string) => void }) {
  const rotate = useRotateWebhookSecret();
  return (
    <RollSecretDialog
      key={hook?.id ?? "none"}
      open={hook !== null}
      title="Roll the signing secret?"
      description="Requests are signed with a new secret from the next attempt on. While the old one keeps signing, each request carries a signature with each, so the receiver can switch over without refusing one."
      keepsWorkingLabel="Old secret keeps signing for"
      noneLabel="None: the old secret stops now"
      defaultMinutes={24 * 60}
      confirmLabel="Roll secret"
      pending={rotate.isPending}
      onClose={onClose}
      onConfirm={(overlapMinutes) =>
        hook &&
        rotate.mutate({ id: hook.id, overlapMinutes }, { onSuccess: (r) => onRotated(r.secret), onError: (e) => toastError(e, { title: "Could not roll the secret" }) })
      }
    />
  );
}

function DeleteDialog({ hook, onClose }: { hook: Webhook | null; onClose: () => void }) {
  const remove = useDeleteWebhook();
  return (
    <ConfirmDialog
      open={hook !== null}
      onClose={onClose}
      title="Delete this webhook?"
      description="Nothing more is sent to it, and its delivery log is deleted. This cannot be undone."
      confirmLabel="Delete webhook"
      pending={remove.isPending}
      onConfirm={() =>
        hook &&
        remove.mutate(hook.id, {
          onSuccess: () => {
            toast({ title: "Webhook deleted", description: hook.url });
            onClose();
          },
          onError: (e) => toastError(e, { title: "Could not delete the webhook" }),
        })
      }
    />
  );
}
