"use client";

import { formatDateTime } from "@/lib/dates";
import { useMyBalances } from "@/lib/queries/swaps";

const KIND_WORD = { grant: "Grant", accrual: "Accrual", use: "Used", adjustment: "Adjustment" } as const;
const signed = (h: number) => `${h > 0 ? "+" : h < 0 ? "−" : ""}${Math.abs(h)} h`;

/** My balances line by line: each paid type's ledger rows (who, why, the balance after each), newest first. */
export function BalanceLines() {
  const query = useMyBalances();
  if (query.isError) return <p className="text-sm text-red-700">Could not load your balances.</p>;
  const balances = query.data?.balances ?? [];
  return (
    <div className="space-y-1" data-testid="balance-lines">
      {balances.map((b) => (
        <details key={b.typeId} className="rounded-md border border-slate-200 bg-white text-sm">
          <summary className="cursor-pointer px-3 py-1.5">
            <span className="text-slate-700">{b.typeName}</span> <span className="text-xs text-slate-500">· how it adds up</span>
          </summary>
          {b.rows.length === 0 ? (
            <p className="border-t border-slate-100 px-3 py-1.5 text-slate-600">Nothing yet.</p>
          ) : (
            <ol className="divide-y divide-slate-100 border-t border-slate-100">
              {b.rows.map((r) => (
                <li key={r.id} className="grid grid-cols-[1fr_auto] gap-x-3 px-3 py-1.5">
                  <span className="min-w-0">
                    <span className="block text-slate-900">
                      {KIND_WORD[r.kind]} · {r.reason}
                    </span>
                    <span className="block text-xs text-slate-500">
                      {formatDateTime(r.createdAt)} · {r.actorName}
                    </span>
                  </span>
                  <span className="text-right">
                    <span className="block font-medium text-slate-900">{signed(r.hours)}</span>
                    <span className="block text-xs text-slate-500">= {r.balance} h</span>
                  </span>
                </li>
              ))}
            </ol>
          )}
        </details>
      ))}
    </div>
  );
}
