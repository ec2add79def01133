"use client";

import { useFormContext } from "react-hook-form";
import { FieldMessage } from "@/components/ui/form";
import { API_SCOPE_LABELS, API_SCOPES } from "@/lib/api-keys/scopes";

/** The scope checkboxes of the create and edit forms (a fieldset; the error under it). */
export function ScopeFields() {
  const form = useFormContext<{ scopes: string[] }>();
  const error = form.formState.errors.scopes?.message ?? (form.formState.errors.scopes as { root?: { message?: string } } | undefined)?.root?.message;
  return (
    <fieldset className="space-y-2" aria-describedby={error ? "scopes-error" : undefined}>
      <legend className="text-sm font-medium text-slate-900">Scopes</legend>
      <div className="grid gap-1.5 sm:grid-cols-2">
        {API_SCOPES.map((scope) => (
          <label key={scope} className="flex items-start gap-2 text-sm text-slate-800">
            <input type="checkbox" value={scope} className="mt-0.5 size-4 rounded border-slate-300" {...form.register("scopes")} />
            <span>
              <span className="font-mono text-xs">{scope}</span>
              <span className="block text-xs text-slate-500">{API_SCOPE_LABELS[scope]}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldMessage id="scopes-error" message={error} />
    </fieldset>
  );
}
