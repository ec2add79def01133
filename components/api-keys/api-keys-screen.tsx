"use client";

import { useState } from "react";
import type { BadgeVariant } from "@/components/ui/badge";
import { Button, buttonClasses } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyOnceDialog } from "@/components/ui/copy-once-dialog";
import { Pagination } from "@/components/ui/pagination";
import { Chips, Detail, Details, RecordActions, RecordCard, RecordList } from "@/components/ui/record-list";
import { RollSecretDialog } from "@/components/ui/roll-secret-dialog";
import { toast, toastError } from "@/components/ui/use-toast";
import { lazyDialog } from "@/components/ui/lazy-dialog";
import { useApiKeys, useRevokeApiKey, useRotateApiKey } from "@/lib/queries/api-keys";
import { formatDateTime } from "@/lib/dates";
import type { ApiKeyView } from "@/lib/validations/api-keys";
import { Sparkline } from "./sparkline";
import { TryIt } from "./try-it";

/** The create and edit forms (react-hook-form and zod) load when first opened. */
const LazyCreateKeyDialog = lazyDialog(() => import("./key-form").then((m) => m.CreateKeyDialog));
const LazyEditKeyDialog = lazyDialog(() => import("./key-form").then((m) => m.EditKeyDialog));

export interface MemberOption {
  id: string;
  name: string;
  role: string;
}

const STATUS: Record<ApiKeyView["status"], { label: string; variant: BadgeVariant }> = {
  active: { label: "Active", variant: "success" },
  revoked: { label: "Revoked", variant: "danger" },
  expired: { label: "Expired", variant: "warning" },
  disabled: { label: "Disabled (member deactivated)", variant: "warning" },
};

/** /admin/api: the integrations' keys, with create (secret shown once), edit, rotate, revoke and a "Try it" box. */
export function ApiKeysScreen({ members }: { members: MemberOption[] }) {
  const [page, setPage] = useState(1);
  const list = useApiKeys(page);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<ApiKeyView | null>(null);
  const [rotating, setRotating] = useState<ApiKeyView | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyView | null>(null);
  const [secret, setSecret] = useState<{ value: string; title: string } | null>(null);
  const keys = list.data?.items ?? [];
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold text-slate-900">API Management</h1>
          <p className="mt-1 text-sm text-slate-600">
            Keys let other systems call this app&apos;s API as an acting member, limited to the scopes you choose.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {/* A full page load: Scalar mounted after a client-side navigation never fetched the document (seen in e2e). */}
          <a href="/admin/api/docs" className={buttonClasses({ variant: "secondary" })}>
            API reference
          </a>
          <Button onClick={() => setCreating(true)}>Create API key</Button>
        </div>
      </div>

      <RecordList query={list} count={keys.length} label="API keys" empty={{ title: "No API keys yet", description: "Create a key for each system that connects to this app." }}>
        {keys.map((key) => (
          <KeyRow key={key.id} apiKey={key} onEdit={setEditing} onRotate={setRotating} onRevoke={setRevoking} />
        ))}
      </RecordList>
      <Pagination page={page} pages={pages} onPageChange={setPage} />

      <TryIt keys={keys.filter((k) => k.status === "active")} />

      <LazyCreateKeyDialog
        open={creating}
        members={members}
        defaultActingUserId={keys[0]?.actingMember.id ?? ""}
        onClose={() => setCreating(false)}
        onCreated={(value) => {
          setCreating(false);
          setSecret({ value, title: "API key created" });
        }}
      />
      <LazyEditKeyDialog open={editing !== null} apiKey={editing} onClose={() => setEditing(null)} />
      <RotateKeyDialog
        apiKey={rotating}
        onClose={() => setRotating(null)}
        onRotated={(value) => {
          setRotating(null);
          setSecret({ value, title: "API key rotated" });
        }}
      />
      <RevokeKeyDialog apiKey={revoking} onClose={() => setRevoking(null)} />
      <CopyOnceDialog
        open={secret !== null}
        title={secret?.title ?? ""}
        description="Copy the key now. It is shown only this once; only its hash is stored."
        fields={[{ id: "api-key-secret", label: "API key", value: secret?.value ?? "" }]}
        onDone={() => setSecret(null)}
      >
        Send it as <code className="rounded bg-slate-100 px-1">Authorization: Bearer &lt;key&gt;</code>.
      </CopyOnceDialog>
    </div>
  );
}

function KeyRow({
  apiKey: key,
  onEdit,
  onRotate,
  onRevoke,
}: {
  apiKey: ApiKeyView;
  onEdit: (k: ApiKeyView) => void;
  onRotate: (k: ApiKeyView) => void;
  onRevoke: (k: ApiKeyView) => void;
}) {
  const status = STATUS[key.status];
  const active = key.status === "active";
  return (
    <RecordCard
      testId="api-key-row"
      heading={<h2 className="font-medium break-words text-slate-900">{key.name}</h2>}
      status={status}
      sub={<p className="mt-0.5 font-mono text-xs text-slate-600">bfs_{key.prefix}_…</p>}
      aside={<Sparkline usage={key.usage} />}
    >
      <Chips label="Scopes" items={key.scopes} />
      <Details>
        <Detail term="Acting member">
          {key.actingMember.name} ({key.actingMember.role})
        </Detail>
        <Detail term="Created">
          {formatDateTime(key.createdAt)} by {key.createdBy.name}
        </Detail>
        <Detail term="Last used">
          <span data-testid="api-key-last-used">{key.lastUsedAt ? `${formatDateTime(key.lastUsedAt)}${key.lastUsedIp ? ` from ${key.lastUsedIp}` : ""}` : "Never"}</span>
        </Detail>
        <Detail term="Expires">{key.expiresAt ? formatDateTime(key.expiresAt) : "Never"}</Detail>
        <Detail term="Rate limit">{key.rateLimitPerMinute} requests/min</Detail>
        {key.previousSecretValidUntil && <Detail term="Previous key valid until">{formatDateTime(key.previousSecretValidUntil)}</Detail>}
        {key.revokedAt && <Detail term="Revoked">{formatDateTime(key.revokedAt)}</Detail>}
      </Details>
      {active && (
        <RecordActions>
          <Button size="sm" variant="secondary" onClick={() => onEdit(key)} aria-label={`Edit ${key.name}`}>
            Edit
          </Button>
          <Button size="sm" variant="secondary" onClick={() => onRotate(key)} aria-label={`Rotate ${key.name}`}>
            Rotate
          </Button>
          <Button size="sm" variant="destructive" onClick={() => onRevoke(key)} aria-label={`Revoke ${key.name}`}>
            Revoke
          </Button>
        </RecordActions>
      )}
    </RecordCard>
  );
}

function RotateKeyDialog({ apiKey, onClose, onRotated }: { apiKey: ApiKeyView | null; onClose: () => void; onRotated: (secret: string) => void }) {
  const rotate = useRotateApiKey();
  return (
    <RollSecretDialog
      key={apiKey?.id ?? "none"}
      open={apiKey !== null}
      title={`Rotate ${apiKey?.name ?? "key"}`}
      description="A new secret replaces the current one. Keep the old one working for a while so the integration can switch over."
      keepsWorkingLabel="Old key keeps working for"
      noneLabel="None: the old key stops now"
      defaultMinutes={0}
      confirmLabel="Rotate"
      pending={rotate.isPending}
      onClose={onClose}
      onConfirm={(graceMinutes) =>
        apiKey &&
        rotate.mutate({ id: apiKey.id, graceMinutes }, { onSuccess: (r) => onRotated(r.secret), onError: (e) => toastError(e, { title: "Could not rotate the key" }) })
      }
    />
  );
}

function RevokeKeyDialog({ apiKey, onClose }: { apiKey: ApiKeyView | null; onClose: () => void }) {
  const revoke = useRevokeApiKey();
  return (
    <ConfirmDialog
      open={apiKey !== null}
      onClose={onClose}
      title={`Revoke ${apiKey?.name ?? "key"}?`}
      description="The key stops working on its next request. This cannot be undone."
      confirmLabel="Revoke key"
      pending={revoke.isPending}
      onConfirm={() =>
        apiKey &&
        revoke.mutate(apiKey.id, {
          onSuccess: () => {
            toast({ title: "API key revoked", description: apiKey.name });
            onClose();
          },
          onError: (e) => toastError(e, { title: "Could not revoke the key" }),
        })
      }
    />
  );
}
