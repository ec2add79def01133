"use client";

import { useState, useSyncExternalStore } from "react";
import { Button } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import type { ApiKeyView } from "@/lib/validations/api-keys";

/** A few endpoints an integration starts with, each with the scope it needs. */
const ENDPOINTS = [
  { id: "list-tasks", method: "GET", path: "/api/tasks?status=open", scope: "tasks:read" },
  { id: "create-task", method: "POST", path: "/api/tasks", scope: "tasks:write", body: '{"title":"Website intake","department":"<unit id>","dueDate":"2026-12-31"}' },
  { id: "punch-status", method: "GET", path: "/api/auth/punch/status", scope: "punch:read" },
  { id: "units", method: "GET", path: "/api/organizational-units", scope: "organization:read" },
  { id: "projects", method: "GET", path: "/api/projects", scope: "projects:read" },
  { id: "stats", method: "GET", path: "/api/dashboard/stats", scope: "reports:read" },
] as const;

const noSubscription = () => () => undefined;

/** "Try it": a ready curl line for a chosen endpoint and key (its prefix shown; paste the secret you stored). */
export function TryIt({ keys }: { keys: ApiKeyView[] }) {
  const [endpointId, setEndpointId] = useState<string>(ENDPOINTS[0].id);
  const [keyId, setKeyId] = useState<string>("");
  const origin = useSyncExternalStore(noSubscription, () => window.location.origin, () => "https://your-bfs-host");
  const endpoint = ENDPOINTS.find((e) => e.id === endpointId) ?? ENDPOINTS[0];
  const key = keys.find((k) => k.id === keyId) ?? keys[0];
  const token = key ? `bfs_${key.prefix}_<secret>` : "bfs_<prefix>_<secret>";
  const lines = [`curl -X ${endpoint.method} '${origin}${endpoint.path}'`, `  -H 'Authorization: Bearer ${token}'`];
  if ("body" in endpoint) lines.push(`  -H 'Content-Type: application/json'`, `  -d '${endpoint.body}'`);
  const command = lines.join(" \\\n");
  const missing = key && !key.scopes.includes(endpoint.scope);

  return (
    <section aria-labelledby="try-it-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="try-it-title" className="font-medium text-slate-900">
        Try it
      </h2>
      <div className="mt-3 grid gap-3 sm:grid-cols-2">
        <div className="space-y-1.5">
          <label htmlFor="try-endpoint" className="text-sm font-medium text-slate-900">
            Endpoint
          </label>
          <Select id="try-endpoint" value={endpointId} onChange={(e) => setEndpointId(e.target.value)}>
            {ENDPOINTS.map((e) => (
              <option key={e.id} value={e.id}>
                {e.method} {e.path.split("?")[0]} ({e.scope})
              </option>
            ))}
          </Select>
        </div>
        <div className="space-y-1.5">
          <label htmlFor="try-key" className="text-sm font-medium text-slate-900">
            Key
          </label>
          <Select id="try-key" value={key?.id ?? ""} onChange={(e) => setKeyId(e.target.value)} disabled={keys.length === 0}>
            {keys.length === 0 && <option value="">No active key</option>}
            {keys.map((k) => (
              <option key={k.id} value={k.id}>
                {k.name} (bfs_{k.prefix}_…)
              </option>
            ))}
          </Select>
        </div>
      </div>
      {/* Focusable and named: on a phone the command scrolls sideways, and keyboard users must be able to scroll it (axe scrollable-region-focusable). */}
      <pre
        tabIndex={0}
        role="region"
        aria-label="The curl command"
        className="mt-3 overflow-x-auto rounded-md bg-slate-900 p-3 text-xs leading-relaxed text-slate-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
        data-testid="try-it-command"
      >
        <code>{command}</code>
      </pre>
      {missing && <p className="mt-2 text-sm text-amber-800">This key lacks the {endpoint.scope} scope: the call would be refused with 403.</p>}
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        onClick={() => navigator.clipboard.writeText(command).then(() => toast({ title: "Command copied" }), () => undefined)}
      >
        Copy command
      </Button>
    </section>
  );
}
