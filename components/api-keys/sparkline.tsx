/** A 7-day usage sparkline: a tiny inline SVG, described for screen readers by its numbers. */
export function Sparkline({ usage }: { usage: { day: string; count: number }[] }) {
  const width = 84;
  const height = 24;
  const max = Math.max(1, ...usage.map((u) => u.count));
  const step = usage.length > 1 ? width / (usage.length - 1) : width;
  const points = usage.map((u, i) => `${(i * step).toFixed(1)},${(height - 2 - (u.count / max) * (height - 4)).toFixed(1)}`).join(" ");
  const total = usage.reduce((sum, u) => sum + u.count, 0);
  const label = `Requests in the last 7 days: ${total} (${usage.map((u) => u.count).join(", ")})`;
  return (
    <span className="inline-flex items-center gap-2">
      <svg width={width} height={height} viewBox={`0 0 ${width} ${height}`} role="img" aria-label={label} className="text-indigo-600">
        <polyline points={points} fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinejoin="round" strokeLinecap="round" />
      </svg>
      <span className="text-xs text-slate-600 tabular-nums" aria-hidden="true">
        {total}
      </span>
    </span>
  );
}
