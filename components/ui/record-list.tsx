import type { ReactNode } from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { getFriendlyError } from "@/lib/api-client";

/**
 * A list of records shown as cards (API keys, webhooks, calendar feeds): the query's error, its
 * loading spinner, the empty state, or the list; each record a `RecordCard` with its title and
 * badge, `Chips` (scopes, event types) and `Details` (term: value pairs).
 */
export function RecordList({
  query,
  count,
  label,
  empty,
  children,
}: {
  query: { isError: boolean; error: unknown; data: unknown };
  count: number;
  label: string;
  empty: { title: string; description: string };
  children: ReactNode;
}) {
  if (query.isError) {
    const { title, description } = getFriendlyError(query.error);
    return <EmptyState title={title} description={description} />;
  }
  if (!query.data) {
    return (
      <div className="flex justify-center py-16">
        <Spinner size="lg" />
      </div>
    );
  }
  if (count === 0) return <EmptyState title={empty.title} description={empty.description} />;
  return (
    <ul className="space-y-3" aria-label={label}>
      {children}
    </ul>
  );
}

/** One record: a bordered card; first its heading and status badge, a line under them, and on the right `aside`. */
export function RecordCard({
  testId,
  heading,
  status,
  sub,
  aside,
  children,
}: {
  testId: string;
  /** The record's name, an h2. */
  heading: ReactNode;
  status: { label: string; variant: BadgeVariant };
  sub?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  return (
    <li className="rounded-lg border border-slate-200 bg-white p-4" data-testid={testId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            {heading}
            <Badge variant={status.variant}>{status.label}</Badge>
          </div>
          {sub}
        </div>
        {aside}
      </div>
      {children}
    </li>
  );
}

/** A record's short codes (scopes, event types) as monospaced badges. */
export function Chips({ label, items }: { label: string; items: readonly string[] }) {
  return (
    <ul className="mt-2 flex flex-wrap gap-1" aria-label={label}>
      {items.map((item) => (
        <li key={item}>
          <Badge variant="accent" className="font-mono">
            {item}
          </Badge>
        </li>
      ))}
    </ul>
  );
}

export function Details({ children }: { children: ReactNode }) {
  return <dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">{children}</dl>;
}

export function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="inline text-slate-500">{term}: </dt>
      <dd className="inline break-words text-slate-800">{children}</dd>
    </div>
  );
}

/** The record's actions, under its details. */
export function RecordActions({ children }: { children: ReactNode }) {
  return <div className="mt-3 flex flex-wrap gap-2">{children}</div>;
}
