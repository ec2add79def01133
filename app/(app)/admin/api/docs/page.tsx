import type { Metadata } from "next";
import Link from "next/link";
import { ApiReference } from "@/components/api-keys/api-reference";
import { requirePagePermission } from "@/lib/auth/page-guards";

export const metadata: Metadata = { title: "API Reference" };

/** The API reference for signed-in admins, from /api/openapi.json. */
export default async function Page() {
  await requirePagePermission("api-keys.manage");
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-semibold text-slate-900">API Reference</h1>
        <div className="flex gap-3 text-sm">
          <Link href="/admin/api" className="font-medium text-indigo-700 hover:underline">
            ← API Management
          </Link>
          <a href="/api/openapi.json" className="font-medium text-indigo-700 hover:underline">
            openapi.json
          </a>
        </div>
      </div>
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white" data-testid="api-reference">
        <ApiReference />
      </div>
    </div>
  );
}
