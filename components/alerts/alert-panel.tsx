"use client";

import Link from "next/link";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toastError } from "@/components/ui/use-toast";
import { getFriendlyError } from "@/lib/api-client";
import { useAcknowledgeAlert, useMarkAlertRead, useMarkAllAlertsRead, useMyAlerts, useSnoozeAlert } from "@/lib/queries/alert-actions";
import { formatDateTime } from "@/lib/dates";
import type { AlertDto } from "@/lib/validations/alerts";

export const SEVERITY_BADGE: Record<AlertDto["severity"], { label: string; variant: BadgeVariant }> = {
  info: { label: "Info", variant: "accent" },
  warning: { label: "Warning", variant: "warning" },
  critical: { label: "Critical", variant: "danger" },
};

/** The list of my alerts with acknowledge / snooze, and "Mark all read". */
export function AlertPanel({ onNavigate }: { onNavigate?: () => void }) {
  const alerts = useMyAlerts();
  const acknowledge = useAcknowledgeAlert();
  const snooze = useSnoozeAlert();
  const markAll = useMarkAllAlertsRead();
  const markRead = useMarkAlertRead();
  // Opening an alert reads it: the badge drops at once. The link goes on whether or not the write lands.
  const open = (alert: AlertDto) => {
    if (!alert.read) markRead.mutate(alert.id);
    onNavigate?.();
  };
  const items = alerts.data?.items ?? [];
  const unread = alerts.data?.unreadCount ?? 0;

  return (
    <div className="flex max-h-[min(28rem,70vh)] flex-col">
      <div className="flex items-center justify-between gap-2 border-b border-slate-100 px-3 py-2">
        <h2 className="text-sm font-semibold text-slate-900">
          Alerts{unread > 0 ? <span className="ml-1 font-normal text-slate-500">({unread} unread)</span> : null}
        </h2>
        <Button
          variant="ghost"
          size="sm"
          disabled={unread === 0 || markAll.isPending}
          onClick={() => markAll.mutate(undefined, { onError: (e) => toastError(e, { title: "Could not mark the alerts read" }) })}
        >
          Mark all read
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {alerts.isError ? (
          <p className="px-3 py-6 text-center text-sm text-slate-600">{getFriendlyError(alerts.error).title}</p>
        ) : !alerts.data ? (
          <div className="flex justify-center py-6">
            <Spinner />
          </div>
        ) : items.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-slate-600">No alerts. Nothing needs your attention.</p>
        ) : (
          <ul className="divide-y divide-slate-100" aria-label="My alerts">
            {items.map((alert) => (
              <li key={alert.id} className={`px-3 py-2.5 ${alert.read ? "" : "bg-indigo-50/50"}`} data-testid="alert-item">
                <div className="flex items-start justify-between gap-2">
                  <div className="min-w-0">
                    {alert.href ? (
                      <Link href={alert.href} onClick={() => open(alert)} className="block text-sm font-medium break-words text-slate-900 hover:text-indigo-700 hover:underline">
                        {alert.title}
                      </Link>
                    ) : (
                      <p className="text-sm font-medium break-words text-slate-900">{alert.title}</p>
                    )}
                    <p className="text-sm text-slate-700">{alert.message}</p>
                    <p className="mt-0.5 text-xs text-slate-500">
                      {alert.ruleName ? `${alert.ruleName} · ` : ""}
                      <time dateTime={alert.createdAt}>{formatDateTime(alert.createdAt)}</time>
                      {alert.read ? null : <span className="sr-only"> (unread)</span>}
                    </p>
                  </div>
                  <Badge variant={SEVERITY_BADGE[alert.severity].variant}>{SEVERITY_BADGE[alert.severity].label}</Badge>
                </div>
                <div className="mt-1.5 flex gap-2">
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={acknowledge.isPending}
                    aria-label={`Acknowledge: ${alert.title}`}
                    onClick={() => acknowledge.mutate(alert.id, { onError: (e) => toastError(e, { title: "Could not acknowledge the alert" }) })}
                  >
                    Acknowledge
                  </Button>
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={snooze.isPending}
                    aria-label={`Snooze for 1 hour: ${alert.title}`}
                    onClick={() => snooze.mutate({ id: alert.id, minutes: 60 }, { onError: (e) => toastError(e, { title: "Could not snooze the alert" }) })}
                  >
                    Snooze 1 h
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
