"use client";

import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { CopyOnceDialog } from "@/components/ui/copy-once-dialog";
import { toast, toastError } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/api-client";
import { formatViewerDate } from "@/lib/dates/viewer";
import { useCalendarFeeds, useCreateCalendarFeed, useRevokeCalendarFeed, type CalendarFeed, type CalendarFeedCreated } from "@/lib/queries/calendar-feeds";

/**
 * My Profile → Calendar feeds (docs/calendar.md): the member's live feeds with Revoke, and a
 * Create button per calendar they may subscribe to (my tasks, my shifts, and the case returns
 * for those who may read cases). A new feed's address is shown once, as webcal:// (opens the
 * phone's calendar app) and https (paste into Google Calendar or Outlook).
 */
export function CalendarFeeds() {
  const feeds = useCalendarFeeds();
  const create = useCreateCalendarFeed();
  const [created, setCreated] = useState<CalendarFeedCreated | null>(null);
  const [revoking, setRevoking] = useState<CalendarFeed | null>(null);

  if (feeds.isPending) return <p className="text-sm text-slate-500">Loading your calendar feeds…</p>;
  if (feeds.isError) {
    return (
      <p className="text-sm text-red-600" role="alert">
        Could not load your calendar feeds: {serverMessageOf(feeds.error)}
      </p>
    );
  }
  const { available, feeds: live } = feeds.data;

  return (
    <div className="space-y-5">
      {live.length === 0 ? (
        <p className="text-sm text-slate-600">No calendar subscribes to you yet.</p>
      ) : (
        <ul className="divide-y divide-slate-100" aria-label="My calendar feeds">
          {live.map((feed) => (
            <li key={feed.id} className="flex flex-col gap-3 py-3 sm:flex-row sm:items-center sm:justify-between" data-testid="calendar-feed-row">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{feed.label}</p>
                <p className="mt-0.5 text-sm break-words text-slate-500">
                  <span className="font-mono">{feed.tokenHint}…</span> · Created {formatViewerDate(feed.createdAt)} ·{" "}
                  {feed.lastUsedAt ? `Last read ${formatViewerDate(feed.lastUsedAt)}` : "Not read yet"}
                </p>
              </div>
              <Button variant="secondary" size="sm" className="self-start sm:self-auto" onClick={() => setRevoking(feed)} aria-label={`Revoke the ${feed.label} feed`}>
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}

      <div className="border-t border-slate-100 pt-4">
        <h3 className="text-sm font-semibold text-slate-900">Add a calendar</h3>
        <ul className="mt-2 space-y-3" aria-label="Calendars you can subscribe to">
          {available.map((kind) => (
            <li key={kind.kind} className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-900">{kind.label}</p>
                <p className="text-sm text-slate-600">{kind.description}</p>
              </div>
              <Button
                size="sm"
                className="shrink-0 self-start"
                isLoading={create.isPending && create.variables === kind.kind}
                aria-label={`Create the ${kind.label} feed`}
                onClick={() => create.mutate(kind.kind, { onSuccess: setCreated, onError: (e) => toastError(e, { title: "Could not create the feed" }) })}
              >
                Create feed
              </Button>
            </li>
          ))}
        </ul>
      </div>

      <CopyOnceDialog
        open={created !== null}
        title={`${created?.feed.label ?? "Calendar"} feed created`}
        description="Copy its address now. It is shown only this once; anyone who has it can read this calendar, so treat it like a password."
        fields={[
          { id: "calendar-feed-webcal", label: "Calendar app link", value: created?.webcalUrl ?? "" },
          { id: "calendar-feed-https", label: "Web address", value: created?.url ?? "" },
        ]}
        onDone={() => setCreated(null)}
      >
        On a phone, open the calendar app link. In Google Calendar, add the web address under Other calendars → From URL; in Outlook, under Add calendar → Subscribe from web.
      </CopyOnceDialog>

      <RevokeFeedDialog feed={revoking} onClose={() => setRevoking(null)} />
    </div>
  );
}

function RevokeFeedDialog({ feed, onClose }: { feed: CalendarFeed | null; onClose: () => void }) {
  const revoke = useRevokeCalendarFeed();
  return (
    <ConfirmDialog
      open={feed !== null}
      onClose={onClose}
      title="Revoke this calendar feed?"
      description="Its address stops working: calendars subscribed to it stop updating. Create a new feed to subscribe again."
      confirmLabel="Revoke feed"
      pending={revoke.isPending}
      onConfirm={() =>
        feed &&
        revoke.mutate(feed.id, {
          onSuccess: () => {
            toast({ title: "Calendar feed revoked", description: feed.label });
            onClose();
          },
          onError: (e) => toastError(e, { title: "Could not revoke the feed" }),
        })
      }
    />
  );
}
