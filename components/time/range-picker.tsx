import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";
import type { ResolvedRange } from "@/lib/validations/time";
import { longDay } from "@/lib/dates/day-labels";

interface RangePickerProps {
  basePath: string;
  range: ResolvedRange;
  /** Extra query kept on every link and the form (member, tab). */
  keep: Record<string, string | undefined>;
}

const RANGE_LABELS = { day: "Day", week: "Week", period: "Pay period", custom: "Custom" } as const;

function href(basePath: string, params: Record<string, string | undefined>) {
  const search = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => Boolean(e[1])));
  return `${basePath}?${search.toString()}`;
}

/** Day, week, pay period or custom range; a plain GET form, so it works before any script loads. */
export function RangePicker({ basePath, range, keep }: RangePickerProps) {
  const step = (date: string) =>
    range.kind === "custom"
      ? href(basePath, { ...keep, range: "custom", from: date, to: undefined })
      : href(basePath, { ...keep, range: range.kind, date });
  return (
    <div className="space-y-2">
      <nav className="flex flex-wrap items-center gap-2" aria-label="Range">
        {(Object.keys(RANGE_LABELS) as (keyof typeof RANGE_LABELS)[]).map((kind) => (
          <Link
            key={kind}
            href={href(basePath, { ...keep, range: kind, date: range.from })}
            aria-current={range.kind === kind ? "page" : undefined}
            className={buttonClasses({ size: "sm", variant: range.kind === kind ? "primary" : "secondary" })}
          >
            {RANGE_LABELS[kind]}
          </Link>
        ))}
      </nav>
      <div className="flex flex-wrap items-center gap-2">
        <Link href={step(range.previous)} className={buttonClasses({ size: "sm", variant: "ghost" })} aria-label="Previous range">
          ‹ Previous
        </Link>
        <p className="text-sm font-medium text-slate-900" data-testid="range-label">
          {range.from === range.to ? longDay(range.from) : `${longDay(range.from)} – ${longDay(range.to)}`}
        </p>
        <Link href={step(range.next)} className={buttonClasses({ size: "sm", variant: "ghost" })} aria-label="Next range">
          Next ›
        </Link>
      </div>
      {range.kind === "custom" ? (
        <form method="get" action={basePath} className="flex flex-wrap items-end gap-2">
          {Object.entries(keep).map(([k, v]) => (v ? <input key={k} type="hidden" name={k} value={v} /> : null))}
          <input type="hidden" name="range" value="custom" />
          <label className="text-sm text-slate-700">
            From
            <input type="date" name="from" defaultValue={range.from} className="ml-1 rounded-md border border-slate-300 px-2 py-1" />
          </label>
          <label className="text-sm text-slate-700">
            To
            <input type="date" name="to" defaultValue={range.to} className="ml-1 rounded-md border border-slate-300 px-2 py-1" />
          </label>
          <button type="submit" className={buttonClasses({ size: "sm", variant: "secondary" })}>
            Show
          </button>
        </form>
      ) : null}
    </div>
  );
}
