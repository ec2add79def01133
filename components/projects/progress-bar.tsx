/** "done of total" as a bar with the numbers beside it; the label names the project for screen readers. */
export function ProgressBar({ done, total, percent, label, color }: { done: number; total: number; percent: number; label: string; color?: string | null }) {
  return (
    <div className="flex items-center gap-2">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${done} of ${total} tasks done`}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-indigo-600" style={{ width: `${percent}%`, ...(color ? { backgroundColor: color } : {}) }} />
      </div>
      <span className="shrink-0 text-xs font-medium text-slate-700 tabular-nums">
        {done}/{total} · {percent}%
      </span>
    </div>
  );
}
