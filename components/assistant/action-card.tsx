"use client";

import { useId, useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { Textarea } from "@/components/ui/textarea";
import { toastError } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/api-client";
import { dayLabelWithYear } from "@/lib/dates/day-labels";
import { useDecideAction } from "@/lib/queries/assistant";
import type { ActionCard, ActionField } from "@/lib/validations/assistant";
import { Markdown } from "./markdown";

function displayValue(field: ActionField, value: string): string {
  if (field.kind === "select") return field.options?.find((o) => o.value === value)?.label ?? value;
  if (field.kind === "date" && /^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dayLabelWithYear(value);
  }
  return value;
}

/**
 * A proposed write: what will change, with its fields. Nothing is written until Confirm, which
 * runs it through the screens' own service; Edit changes the fields first; Cancel drops it.
 * A card whose required fields are empty (the "Create a task…" quick action) opens in Edit.
 */
export function ActionCardView({ card, sessionId, messageId, onChange }: { card: ActionCard; sessionId: string | null; messageId: string | null; onChange: (card: ActionCard) => void }) {
  const needsInput = card.fields.some((f) => f.required && f.kind !== "readonly" && !card.draft[f.name]?.trim());
  const [editing, setEditing] = useState(card.status === "proposed" && needsInput);
  const [draft, setDraft] = useState<Record<string, string>>(card.draft);
  const [error, setError] = useState<string | null>(null);
  const decide = useDecideAction();
  const idBase = useId();

  const visibleFields = card.fields.filter((f) => f.kind !== "readonly" || draft[f.name]);
  const submit = (decision: "confirm" | "cancel") => {
    setError(null);
    decide.mutate(
      { actionId: card.id, tool: card.tool, draft, decision, sessionId, messageId },
      {
        onSuccess: ({ action }) => {
          setEditing(false);
          onChange({ ...card, ...action, title: action.title || card.title, fields: action.fields.length ? action.fields : card.fields });
        },
        onError: (e) => {
          setError(serverMessageOf(e));
          toastError(e);
        },
      },
    );
  };

  const statusBadge =
    card.status === "done" ? <Badge variant="success">Done</Badge> : card.status === "cancelled" ? <Badge variant="neutral">Cancelled</Badge> : <Badge variant="warning">Needs your confirmation</Badge>;

  return (
    <section aria-label={card.title} className="mt-2 rounded-lg border border-slate-200 bg-white p-3 text-sm shadow-xs">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="font-semibold text-slate-900">{card.title}</h3>
        {statusBadge}
      </div>
      {editing ? (
        <div className="mt-3 space-y-3">
          {visibleFields.map((field) => {
            const id = `${idBase}-${field.name}`;
            const value = draft[field.name] ?? "";
            const set = (v: string) => setDraft((d) => ({ ...d, [field.name]: v }));
            return (
              <div key={field.name}>
                <label htmlFor={id} className="mb-1 block text-xs font-medium text-slate-700">
                  {field.label}
                  {field.required ? <span aria-hidden="true"> *</span> : null}
                </label>
                {field.kind === "readonly" ? (
                  <p id={id} className="text-slate-800">{value}</p>
                ) : field.kind === "select" ? (
                  <Select id={id} value={value} onChange={(e) => set(e.target.value)}>
                    {field.options?.map((o) => (
                      <option key={o.value} value={o.value}>
                        {o.label}
                      </option>
                    ))}
                  </Select>
                ) : field.kind === "textarea" ? (
                  <Textarea id={id} rows={3} value={value} onChange={(e) => set(e.target.value)} />
                ) : (
                  <Input id={id} type={field.kind === "date" ? "date" : "text"} value={value} required={field.required} onChange={(e) => set(e.target.value)} />
                )}
              </div>
            );
          })}
        </div>
      ) : (
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          {visibleFields
            .filter((f) => draft[f.name])
            .map((field) => (
              <div key={field.name} className="contents">
                <dt className="text-slate-500">{field.label}</dt>
                <dd className="min-w-0 break-words whitespace-pre-line text-slate-900">{displayValue(field, draft[field.name])}</dd>
              </div>
            ))}
        </dl>
      )}
      {error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {error}
        </p>
      ) : null}
      {card.result && card.status !== "proposed" ? (
        <div className="mt-2 rounded-md bg-slate-50 p-2 text-slate-800" role="status">
          <Markdown text={card.result} />
        </div>
      ) : null}
      {card.status === "proposed" ? (
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => submit("confirm")} isLoading={decide.isPending && decide.variables?.decision === "confirm"} disabled={decide.isPending}>
            Confirm
          </Button>
          {!editing ? (
            <Button size="sm" variant="secondary" onClick={() => setEditing(true)} disabled={decide.isPending}>
              Edit
            </Button>
          ) : null}
          <Button size="sm" variant="ghost" onClick={() => submit("cancel")} disabled={decide.isPending}>
            Cancel
          </Button>
        </div>
      ) : null}
    </section>
  );
}
