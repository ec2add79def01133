"use client";

import { PushDeviceControl } from "@/components/auth/push-device";
import { Spinner } from "@/components/ui/spinner";
import { toast, toastError } from "@/components/ui/use-toast";
import { useNotificationPreferences, useUpdateNotificationPreferences } from "@/lib/queries/notifications";
import { NOTIFICATION_CHANNEL_LABELS, NOTIFICATION_CHANNELS, NOTIFICATION_KIND_LABELS, NOTIFICATION_KINDS, type NotificationChannel } from "@/lib/validations/notifications";

/**
 * My Profile → Notifications: per kind, the bell only, the bell and e-mail, or the bell and an
 * hourly digest, and whether it is pushed to the devices where push is on; saved on change.
 * Above them, this device's push switch.
 */
export function NotificationPreferencesForm() {
  const prefs = useNotificationPreferences();
  const update = useUpdateNotificationPreferences();
  if (!prefs.data) return prefs.isError ? <p className="text-sm text-slate-500">Preferences are unavailable.</p> : <Spinner />;
  const channels = prefs.data.channels;
  const push = prefs.data.push;
  return (
    <>
      <PushDeviceControl />
      <ul className="divide-y divide-slate-100" aria-label="Notification preferences">
        {NOTIFICATION_KINDS.map((kind) => (
          <li key={kind} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <label htmlFor={`notify-${kind}`} className="font-medium text-slate-900">
              {NOTIFICATION_KIND_LABELS[kind]}
            </label>
            <div className="flex items-center gap-3">
              <select
                id={`notify-${kind}`}
                className="rounded-md border border-slate-300 bg-white px-2 py-1.5 text-sm"
                value={channels[kind]}
                disabled={update.isPending}
                onChange={(e) =>
                  update.mutate(
                    { channels: { [kind]: e.target.value as NotificationChannel } },
                    { onSuccess: () => toast({ title: "Notifications saved" }), onError: (error) => toastError(error) },
                  )
                }
              >
                {NOTIFICATION_CHANNELS.map((channel) => (
                  <option key={channel} value={channel}>
                    {NOTIFICATION_CHANNEL_LABELS[channel]}
                  </option>
                ))}
              </select>
              <label className="flex items-center gap-1.5 text-slate-700">
                <input
                  type="checkbox"
                  className="size-4 rounded border-slate-300"
                  aria-label={`Push: ${NOTIFICATION_KIND_LABELS[kind]}`}
                  checked={push[kind]}
                  disabled={update.isPending}
                  onChange={(e) =>
                    update.mutate({ push: { [kind]: e.target.checked } }, { onSuccess: () => toast({ title: "Notifications saved" }), onError: (error) => toastError(error) })
                  }
                />
                Push
              </label>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
