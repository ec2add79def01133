"use client";

import { DndContext, KeyboardSensor, PointerSensor, TouchSensor, closestCenter, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, arrayMove, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Tooltip } from "@/components/ui/tooltip";

export interface ChecklistDraftItem {
  key: string;
  title: string;
}

let keySeq = 0;
export const newChecklistKey = () => `item-${Date.now().toString(36)}-${++keySeq}`;

/** Add, edit, remove and drag to reorder checklist items (spec §4); keyboard reordering too. */
export function ChecklistEditor({ items, onChange }: { items: ChecklistDraftItem[]; onChange: (items: ChecklistDraftItem[]) => void }) {
  const [draft, setDraft] = useState("");
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const add = () => {
    const title = draft.trim();
    if (!title) return;
    onChange([...items, { key: newChecklistKey(), title }]);
    setDraft("");
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((i) => i.key === active.id);
    const to = items.findIndex((i) => i.key === over.id);
    if (from >= 0 && to >= 0) onChange(arrayMove(items, from, to));
  };

  return (
    <div className="space-y-2">
      {items.length > 0 && (
        <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
          <SortableContext items={items.map((i) => i.key)} strategy={verticalListSortingStrategy}>
            <ul className="space-y-1.5" aria-label="Checklist items" data-testid="checklist-editor">
              {items.map((item, index) => (
                <SortableRow
                  key={item.key}
                  item={item}
                  index={index}
                  onEdit={(title) => onChange(items.map((i) => (i.key === item.key ? { ...i, title } : i)))}
                  onRemove={() => onChange(items.filter((i) => i.key !== item.key))}
                />
              ))}
            </ul>
          </SortableContext>
        </DndContext>
      )}
      <div className="flex gap-2">
        <Input
          aria-label="New checklist item"
          placeholder="Add a checklist item"
          value={draft}
          maxLength={500}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === "Enter") {
              e.preventDefault();
              add();
            }
          }}
        />
        <Button variant="secondary" onClick={add} disabled={!draft.trim()}>
          Add
        </Button>
      </div>
    </div>
  );
}

function SortableRow({ item, index, onEdit, onRemove }: { item: ChecklistDraftItem; index: number; onEdit: (title: string) => void; onRemove: () => void }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: item.key });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-md border bg-white px-1.5 py-1 ${isDragging ? "z-10 border-indigo-400 shadow-md" : "border-slate-200"}`}
      data-testid="checklist-row"
    >
      <Tooltip content="Drag to reorder">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder item ${index + 1}`}
          className="cursor-grab touch-none rounded p-1.5 text-slate-400 hover:bg-slate-100 hover:text-slate-600 active:cursor-grabbing"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path d="M7 4a1.25 1.25 0 1 1-2.5 0A1.25 1.25 0 0 1 7 4Zm0 6a1.25 1.25 0 1 1-2.5 0A1.25 1.25 0 0 1 7 10Zm-1.25 7.25a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5ZM15.5 4A1.25 1.25 0 1 1 13 4a1.25 1.25 0 0 1 2.5 0Zm-1.25 7.25a1.25 1.25 0 1 0 0-2.5 1.25 1.25 0 0 0 0 2.5ZM15.5 16a1.25 1.25 0 1 1-2.5 0 1.25 1.25 0 0 1 2.5 0Z" />
          </svg>
        </button>
      </Tooltip>
      <input
        aria-label={`Checklist item ${index + 1}`}
        value={item.title}
        maxLength={500}
        onChange={(e) => onEdit(e.target.value)}
        className="min-w-0 flex-1 rounded border-0 bg-transparent px-1 py-1 text-sm text-slate-900 focus:ring-1 focus:ring-indigo-500 focus:outline-none"
      />
      <Tooltip content="Remove item">
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove item ${index + 1}`}
          className="rounded p-1.5 text-slate-400 hover:bg-red-50 hover:text-red-600"
        >
          <svg viewBox="0 0 20 20" fill="currentColor" className="size-4" aria-hidden="true">
            <path d="M6.28 5.22a.75.75 0 0 0-1.06 1.06L8.94 10l-3.72 3.72a.75.75 0 1 0 1.06 1.06L10 11.06l3.72 3.72a.75.75 0 1 0 1.06-1.06L11.06 10l3.72-3.72a.75.75 0 0 0-1.06-1.06L10 8.94 6.28 5.22Z" />
          </svg>
        </button>
      </Tooltip>
    </li>
  );
}
