"use client";

import { useEffect, useMemo, useState } from "react";
import { cn } from "@/components/ui/cn";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { Tooltip } from "@/components/ui/tooltip";
import { buildTree, type TreeNode } from "@/lib/org/unit-tree";
import { useMembers } from "@/lib/queries/members";
import { useAddUnitMember, useRemoveUnitMember, useUnitMembers, useUnits, type Unit } from "@/lib/queries/org";
import { showError, showSuccess } from "./feedback";
import { DEPARTMENTS_LOAD_ERROR } from "./department-picker";
import { memberRoleLabel } from "@/lib/members/names";
import { GroupedCombobox } from "./grouped-combobox";
import { LazyBusinessContactDialog, LazyDeleteUnitDialog, LazyMoveUnitDialog, LazyRemainsRangesDialog, LazyUnitFormDialog } from "./lazy-unit-dialogs";
import { RowLink } from "@/components/ui/row-link";

type DialogState = { kind: "create"; parentId: string | null } | { kind: "edit" | "move" | "delete"; unit: Unit } | null;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * `/organization` for every signed-in user (spec §2). Admins (`canManage`) create, edit, move
 * and delete units and manage their members; everyone else reads the same tree and member
 * lists, without those controls (the API refuses their writes anyway).
 */
export function OrganizationScreen({ canManage, canEditContact = false, canEditRemainsRanges = false }: { canManage: boolean; canEditContact?: boolean; canEditRemainsRanges?: boolean }) {
  const units = useUnits();
  // Spec §8's department load failure, as a toast beside the inline message.
  useEffect(() => {
    if (units.error) toast({ title: "Error", description: DEPARTMENTS_LOAD_ERROR, variant: "destructive" });
  }, [units.error]);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [collapsed, setCollapsed] = useState<Set<string>>(new Set());
  const [dialog, setDialog] = useState<DialogState>(null);
  const [contactOpen, setContactOpen] = useState(false);
  const [rangesOpen, setRangesOpen] = useState(false);
  const list = useMemo(() => units.data ?? [], [units.data]);
  const tree = useMemo(() => buildTree(list), [list]);
  const selected = list.find((u) => u.id === selectedId) ?? null;

  const toggle = (id: string) =>
    setCollapsed((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Organization</h1>
          <p className="mt-1 text-sm text-slate-600">Departments and teams, their unit numbers and their members.</p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set(list.filter((u) => list.some((c) => c.parentId === u.id)).map((u) => u.id)))}>
            Collapse all
          </Button>
          <Button variant="secondary" size="sm" onClick={() => setCollapsed(new Set())}>
            Expand all
          </Button>
          {canEditContact && (
            <Button variant="secondary" size="sm" onClick={() => setContactOpen(true)}>
              Contact details
            </Button>
          )}
          {canEditRemainsRanges && (
            <Button variant="secondary" size="sm" onClick={() => setRangesOpen(true)}>
              Weight ranges
            </Button>
          )}
          {canManage && (
            <Button size="sm" onClick={() => setDialog({ kind: "create", parentId: null })}>
              New unit
            </Button>
          )}
        </div>
      </div>

      {units.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner size="lg" />
        </div>
      ) : units.isError ? (
        <p role="alert" className="rounded-lg bg-red-50 px-4 py-3 text-sm text-red-700">
          {DEPARTMENTS_LOAD_ERROR}
        </p>
      ) : list.length === 0 ? (
        <EmptyState
          title="No units yet"
          description={canManage ? "Create the first department to start modelling the organization." : "An administrator has not set up the departments yet."}
          action={canManage ? <Button onClick={() => setDialog({ kind: "create", parentId: null })}>New unit</Button> : undefined}
        />
      ) : (
        <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,26rem)]">
          <div className="rounded-lg border border-slate-200 bg-white p-2 shadow-xs">
            <ul role="tree" aria-label="Organizational units">
              {tree.map((node) => (
                <TreeRow key={node.unit.id} node={node} collapsed={collapsed} onToggle={toggle} selectedId={selectedId} onSelect={setSelectedId} />
              ))}
            </ul>
          </div>
          {selected ? (
            <UnitPanel unit={selected} units={list} onAction={canManage ? setDialog : null} />
          ) : (
            <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center text-sm text-slate-600">
              {canManage ? "Select a unit to see its members and actions." : "Select a unit to see its members."}
            </div>
          )}
        </div>
      )}

      {dialog?.kind === "create" && (
        <LazyUnitFormDialog open onClose={() => setDialog(null)} units={list} defaultParentId={dialog.parentId} onSaved={(u) => setSelectedId(u.id)} />
      )}
      {dialog?.kind === "edit" && <LazyUnitFormDialog open onClose={() => setDialog(null)} units={list} unit={dialog.unit} />}
      {dialog?.kind === "move" && <LazyMoveUnitDialog open onClose={() => setDialog(null)} units={list} unit={dialog.unit} />}
      {dialog?.kind === "delete" && <LazyDeleteUnitDialog open onClose={() => setDialog(null)} unit={dialog.unit} onDeleted={() => setSelectedId(null)} />}
      {canEditContact && <LazyBusinessContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />}
      {canEditRemainsRanges && <LazyRemainsRangesDialog open={rangesOpen} onClose={() => setRangesOpen(false)} />}
    </div>
  );
}

function TreeRow({
  node,
  collapsed,
  onToggle,
  selectedId,
  onSelect,
}: {
  node: TreeNode<Unit>;
  collapsed: Set<string>;
  onToggle: (id: string) => void;
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  const { unit, children, depth } = node;
  const hasChildren = children.length > 0;
  const isOpen = hasChildren && !collapsed.has(unit.id);
  const isSelected = selectedId === unit.id;
  return (
    <li role="treeitem" aria-expanded={hasChildren ? isOpen : undefined} aria-selected={isSelected} aria-label={unit.name}>
      <div
        className={cn("flex items-center gap-1 rounded-md pr-2", isSelected ? "bg-indigo-50 ring-1 ring-indigo-200" : "hover:bg-slate-50")}
        style={{ paddingLeft: `${depth * 1.25}rem` }}
      >
        {hasChildren ? (
          <Tooltip content={isOpen ? "Collapse" : "Expand"}>
            <button
              type="button"
              onClick={() => onToggle(unit.id)}
              aria-label={`${isOpen ? "Collapse" : "Expand"} ${unit.name}`}
              className="rounded p-1 text-slate-500 hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
            >
              <svg className={cn("size-4 transition-transform", isOpen && "rotate-90")} viewBox="0 0 20 20" fill="currentColor" aria-hidden="true">
                <path fillRule="evenodd" d="M8.22 5.22a.75.75 0 0 1 1.06 0l4.25 4.25a.75.75 0 0 1 0 1.06l-4.25 4.25a.75.75 0 0 1-1.06-1.06L11.94 10 8.22 6.28a.75.75 0 0 1 0-1.06Z" clipRule="evenodd" />
              </svg>
            </button>
          </Tooltip>
        ) : (
          <span className="w-6" aria-hidden="true" />
        )}
        <button
          type="button"
          onClick={() => onSelect(unit.id)}
          className="flex min-w-0 flex-1 items-center gap-2 py-2 text-left text-sm focus-visible:outline-2 focus-visible:outline-indigo-600"
          data-testid={`unit-row-${unit.name}`}
        >
          {unit.unitNumber !== null && <span className="shrink-0 font-mono text-xs text-slate-500">{unit.unitNumber}</span>}
          <span className="min-w-0 truncate font-medium text-slate-900">{unit.name}</span>
          <Badge variant={unit.type === "department" ? "neutral" : "accent"} className="hidden sm:inline-flex">
            {unit.type}
          </Badge>
          <span className="ml-auto shrink-0 text-xs text-slate-500">{plural(unit.counts.members, "member")}</span>
        </button>
      </div>
      {isOpen && (
        <ul role="group">
          {children.map((child) => (
            <TreeRow key={child.unit.id} node={child} collapsed={collapsed} onToggle={onToggle} selectedId={selectedId} onSelect={onSelect} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** `onAction` null = read-only: no edit, move, add or delete controls and no member add/remove. */
function UnitPanel({ unit, units, onAction }: { unit: Unit; units: Unit[]; onAction: ((d: DialogState) => void) | null }) {
  const members = useUnitMembers(unit.id);
  const remove = useRemoveUnitMember();
  const parent = units.find((u) => u.id === unit.parentId);
  const canManage = onAction !== null;

  const removeMember = async (userId: string, name: string) => {
    try {
      await remove.mutateAsync({ unitId: unit.id, userId });
      showSuccess("Member removed", `${name} left ${unit.name}.`);
    } catch (error) {
      showError(error, "Could not remove the member");
    }
  };

  return (
    <section aria-labelledby="unit-panel-title" className="rounded-lg border border-slate-200 bg-white shadow-xs lg:sticky lg:top-32">
      <div className="space-y-3 border-b border-slate-100 px-5 py-4">
        <div>
          <h2 id="unit-panel-title" className="text-lg font-semibold text-slate-900">
            {unit.unitNumber !== null && <span className="mr-2 font-mono text-base text-slate-500">{unit.unitNumber}</span>}
            {unit.name}
          </h2>
          <p className="mt-0.5 text-sm text-slate-600">
            <span className="capitalize">{unit.type}</span>
            {parent ? ` in ${parent.name}` : " · top level"} · {plural(unit.counts.children, "sub-unit")} · {plural(unit.counts.openTasks, "open task")}
          </p>
          {unit.description && <p className="mt-2 text-sm text-slate-700">{unit.description}</p>}
        </div>
        {onAction && (
          <div className="flex flex-wrap gap-2">
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: "edit", unit })}>
              Edit
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: "move", unit })}>
              Move to…
            </Button>
            <Button size="sm" variant="secondary" onClick={() => onAction({ kind: "create", parentId: unit.id })}>
              Add sub-unit
            </Button>
            <Button size="sm" variant="ghost" className="text-red-700 hover:bg-red-50 hover:text-red-800" onClick={() => onAction({ kind: "delete", unit })}>
              Delete
            </Button>
          </div>
        )}
      </div>
      <div className="px-5 py-4">
        <h3 className="text-sm font-semibold text-slate-900">Members</h3>
        {canManage && <AddUnitMember unit={unit} inUnit={new Set((members.data ?? []).map((m) => m.userId))} />}
        {members.isPending ? (
          <div className="py-6 text-center">
            <Spinner />
          </div>
        ) : members.isError ? (
          <p role="alert" className="mt-3 text-sm text-red-700">
            The members could not be loaded.
          </p>
        ) : members.data.length === 0 ? (
          <p className="mt-3 text-sm text-slate-500">No members yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label={`Members of ${unit.name}`}>
            {members.data.map((m) => {
              const name = `${m.users.firstName} ${m.users.lastName}`;
              return (
                <li key={m.id} className="flex items-center gap-2 py-2 text-sm">
                  <RowLink href={`/members/${m.userId}`} className="min-w-0 flex-1 truncate font-medium text-slate-900 hover:text-indigo-700 hover:underline">
                    {name}
                  </RowLink>
                  <Badge>{memberRoleLabel(m.users.role)}</Badge>
                  {canManage && (
                    <Button size="sm" variant="ghost" aria-label={`Remove ${name} from ${unit.name}`} onClick={() => removeMember(m.userId, name)}>
                      Remove
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </div>
    </section>
  );
}

/** Admins only: the type-ahead that adds an active member to the unit. */
function AddUnitMember({ unit, inUnit }: { unit: Unit; inUnit: Set<string> }) {
  const everyone = useMembers();
  const add = useAddUnitMember();
  const addable = [
    {
      group: "Members",
      options: (everyone.data ?? []).filter((m) => !inUnit.has(m.id)).map((m) => ({ value: m.id, label: `${m.firstName} ${m.lastName}` })),
    },
  ];
  const addMember = async (userId: string | null) => {
    if (!userId) return;
    try {
      const item = await add.mutateAsync({ unitId: unit.id, userId });
      showSuccess("Member added", `${item.users.firstName} ${item.users.lastName} joined ${unit.name}.`);
    } catch (error) {
      showError(error, "Could not add the member");
    }
  };
  return (
    <div className="mt-2">
      <GroupedCombobox aria-label="Add member to unit" value={null} onChange={addMember} groups={addable} placeholder="Add a member…" resetOnSelect disabled={add.isPending || everyone.isPending} noMatchText="No member matches" />
    </div>
  );
}
