"use client";

import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { toast, toastError } from "@/components/ui/use-toast";
import { useMinuteClock } from "@/components/shell/use-minute-clock";
import { formatViewerDate } from "@/lib/dates/viewer";
import { useRevokeOtherSessions, useRevokeSession, useSessions } from "@/lib/queries/account";
import type { DeviceSession } from "@/lib/queries/auth";
import { describeDevice, timeAgo } from "./describe-device";
import { serverMessageOf } from "@/lib/api-client";

function SessionRow({ session, now, onRevoke, revoking }: { session: DeviceSession; now: number | null; onRevoke: () => void; revoking: boolean }) {
  const device = describeDevice(session.userAgent, session.clientType);
  const signedIn = formatViewerDate(session.createdAt);
  return (
    <li className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="session-row">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
          {device}
          {session.current ? (
            <Badge variant="success">This device</Badge>
          ) : null}
          {session.clientType === "mobile" ? (
            <Badge>Mobile</Badge>
          ) : null}
        </p>
        <p className="mt-0.5 text-sm text-slate-500">
          {session.current ? "Active now" : `Last active ${now === null ? "recently" : timeAgo(session.lastSeenAt, now)}`}
          {session.ip && session.ip !== "unknown" ? ` · ${session.ip}` : ""} · Signed in {signedIn}
        </p>
      </div>
      {session.current ? null : (
        <Button type="button" variant="secondary" size="sm" onClick={onRevoke} disabled={revoking} className="self-start sm:self-auto">
          Sign out
        </Button>
      )}
    </li>
  );
}

/** The caller's signed-in devices with "Sign out everywhere else" (and one at a time). */
export function SessionsList() {
  const now = useMinuteClock();
  const sessions = useSessions();
  const revokeOthers = useRevokeOtherSessions();
  const revokeOne = useRevokeSession();

  if (sessions.isPending) return <p className="text-sm text-slate-500">Loading your devices…</p>;
  if (sessions.isError) {
    return (
      <p className="text-sm text-red-600" role="alert">
        Could not load your devices: {serverMessageOf(sessions.error)}
      </p>
    );
  }

  const list = sessions.data.sessions;
  const others = list.filter((s) => !s.current).length;

  return (
    <div>
      <ul className="divide-y divide-slate-100" aria-label="Signed-in devices">
        {list.map((session) => (
          <SessionRow
            key={session.id}
            session={session}
            now={now}
            revoking={revokeOne.isPending && revokeOne.variables === session.id}
            onRevoke={() =>
              revokeOne.mutate(session.id, {
                onSuccess: () => toast({ title: "Signed out", description: `${describeDevice(session.userAgent, session.clientType)} has been signed out.` }),
                onError: (error) => toastError(error, { title: "Sign-out failed" }),
              })
            }
          />
        ))}
      </ul>
      <div className="mt-4 flex flex-col gap-2 border-t border-slate-100 pt-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-500">
          {others === 0 ? "You are signed in on this device only." : `${others} other device${others === 1 ? "" : "s"} signed in.`}
        </p>
        <Button
          type="button"
          variant="secondary"
          disabled={others === 0 || revokeOthers.isPending}
          onClick={() =>
            revokeOthers.mutate(undefined, {
              onSuccess: (result) =>
                toast({
                  title: "Signed out everywhere else",
                  description: `${result.revoked} other device${result.revoked === 1 ? " was" : "s were"} signed out.`,
                }),
              onError: (error) => toastError(error, { title: "Sign-out failed" }),
            })
          }
        >
          Sign out everywhere else
        </Button>
      </div>
    </div>
  );
}
