"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import type { HistoryEntry } from "@/lib/queries/tasks";
import { formatDateTime } from "@/lib/dates";
import { Spinner } from "./spinner";

/**
 * An entity's audit rows, newest first: who, what (in the entity's own words, `describe`) and
 * when. The task history and the project activity are both this list.
 */
export function AuditTimeline({ query, label, noun, describe }: { query: UseQueryResult<{ items: HistoryEntry[] }>; label: string; noun: "History" | "Activity"; describe: (entry: HistoryEntry) => string }) {
  if (!query.data) return query.isError ? <p className="text-sm text-slate-500">{noun} is unavailable.</p> : <Spinner />;
  if (query.data.items.length === 0) return <p className="text-sm text-slate-500">No {noun.toLowerCase()} yet.</p>;
  return (
    <ol className="space-y-2 text-sm" aria-label={label}>
      {query.data.items.map((entry) => (
        <li key={entry.id} className="flex flex-wrap gap-x-2">
          <span className="font-medium text-slate-900">{entry.actor ? `${entry.actor.firstName} ${entry.actor.lastName}` : "System"}</span>
          <span className="text-slate-700">{describe(entry)}</span>
          <span className="text-slate-500">· {formatDateTime(entry.createdAt)}</span>
        </li>
      ))}
    </ol>
  );
}
