import { keyCaps, type ShortcutId } from "@/lib/shortcuts/table";

/** A shortcut's keys as key caps ("G then D"); hidden from screen readers where aria-keyshortcuts says it. */
export function Keys({ id, mac = false, className = "" }: { id: ShortcutId; mac?: boolean; className?: string }) {
  const caps = keyCaps(id, { mac });
  return (
    <span className={`inline-flex items-center gap-1 whitespace-nowrap ${className}`}>
      {caps.map((cap, i) => (
        <span key={i} className="inline-flex items-center gap-1">
          {i > 0 ? <span className="text-xs text-slate-500">then</span> : null}
          <kbd className="min-w-6 rounded border border-slate-300 bg-slate-50 px-1.5 py-0.5 text-center font-mono text-xs font-medium text-slate-700 shadow-[0_1px_0_rgb(203_213_225)]">{cap}</kbd>
        </span>
      ))}
    </span>
  );
}
