"use client";

import Link from "next/link";
import { useChambers } from "@/lib/queries/cases";

/** The board's line about chambers out of service (they refuse chamber-in scans), linking to /cases/chambers. */
export function ChambersOutOfService() {
  const { data } = useChambers();
  const out = data?.items.filter((c) => c.isActive && c.outOfService) ?? [];
  if (out.length === 0) return null;
  return (
    <p role="status" className="rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="chambers-out-of-service">
      Out of service:{" "}
      {out.map((c, i) => (
        <span key={c.id}>
          {i > 0 ? "; " : ""}
          <strong>{c.name}</strong> ({c.outOfService!.reason})
        </span>
      ))}
      .{" "}
      <Link href="/cases/chambers" className="font-medium underline">
        Chambers
      </Link>
    </p>
  );
}
