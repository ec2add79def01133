"use client";

import { Dialog } from "@/components/ui/dialog";
import { SHORTCUT_LABELS } from "@/lib/shortcuts/labels";
import { SHORTCUT_GROUPS, SHORTCUTS, shortcut, type ShortcutId } from "@/lib/shortcuts/table";
import { Keys } from "./kbd";
import { useBoundShortcuts } from "./registry";
import { useIsMac } from "./use-is-mac";

const ALL = Object.keys(SHORTCUTS) as ShortcutId[];

/**
 * The `?` dialog: every shortcut of the table, grouped. Those bound on this screen come first;
 * the rest ("On other screens": a task's keys on the task list, the list's keys on a task) are
 * listed below them, so the dialog says what works here and nothing that does not.
 */
export function ShortcutsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const bound = new Set(useBoundShortcuts());
  const mac = useIsMac();
  const here = ALL.filter((id) => bound.has(id));
  const elsewhere = ALL.filter((id) => !bound.has(id));
  return (
    <Dialog open={open} onClose={onClose} title="Keyboard shortcuts" description="They work when you are not typing in a field." size="lg">
      <div className="grid gap-x-8 gap-y-5 sm:grid-cols-2" data-testid="shortcuts-list">
        {SHORTCUT_GROUPS.map((group) => {
          const rows = here.filter((id) => shortcut(id).group === group);
          return rows.length ? <Group key={group} title={group} rows={rows} mac={mac} /> : null;
        })}
      </div>
      {elsewhere.length ? (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <h3 className="text-sm font-semibold text-slate-900">On other screens</h3>
          <div className="mt-3 grid gap-x-8 gap-y-5 sm:grid-cols-2" data-testid="shortcuts-elsewhere">
            {SHORTCUT_GROUPS.map((group) => {
              const rows = elsewhere.filter((id) => shortcut(id).group === group);
              return rows.length ? <Group key={group} title={group === "Task" ? "A task's page" : group} rows={rows} mac={mac} /> : null;
            })}
          </div>
        </div>
      ) : null}
    </Dialog>
  );
}

function Group({ title, rows, mac }: { title: string; rows: ShortcutId[]; mac: boolean }) {
  return (
    <section aria-label={title}>
      <h3 className="text-xs font-semibold tracking-wide text-slate-600 uppercase">{title}</h3>
      <dl className="mt-2 space-y-1.5">
        {rows.map((id) => (
          <div key={id} className="flex items-center justify-between gap-3 text-sm">
            <dt className="text-slate-700">{SHORTCUT_LABELS[id]}</dt>
            <dd className="shrink-0">
              <Keys id={id} mac={mac} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
