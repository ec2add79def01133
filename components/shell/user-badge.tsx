"use client";

import { Tooltip } from "@/components/ui/tooltip";
import type { Role } from "@/lib/auth/permissions";
import { fullName, initials, roleLabel } from "@/lib/members/names";

interface UserBadgeProps {
  firstName?: string | null;
  lastName?: string | null;
  role?: Role | null;
}

export function Avatar({ firstName, lastName, size = "md" }: { firstName?: string | null; lastName?: string | null; size?: "md" | "lg" }) {
  const sizeClass = size === "lg" ? "size-11 text-base" : "size-9 text-sm";
  return (
    <span
      data-testid="user-avatar"
      aria-hidden="true"
      className={`inline-flex shrink-0 select-none items-center justify-center rounded-full bg-brand-100 font-semibold text-brand-700 ring-1 ring-brand-200 ${sizeClass}`}
    >
      {initials(firstName, lastName)}
    </span>
  );
}

/**
 * Avatar with initials, the full name and the role in parentheses (spec §2). A long name is
 * truncated; the tooltip (hover) shows it whole, and screen readers read the whole text anyway.
 */
export function UserBadge({ firstName, lastName, role }: UserBadgeProps) {
  const name = fullName(firstName, lastName);
  const roleText = roleLabel(role);
  return (
    <Tooltip content={`${name}${roleText ? ` (${roleText})` : ""}`} side="bottom">
      <div className="flex min-w-0 items-center gap-2" data-testid="user-badge">
        <Avatar firstName={firstName} lastName={lastName} />
        <span className="block min-w-0 max-w-40 leading-tight">
          <span className="block truncate text-sm font-medium text-slate-900" data-testid="user-full-name">
            {name}
          </span>
          {roleText ? (
            <span className="block truncate text-xs text-slate-500" data-testid="user-role">
              ({roleText})
            </span>
          ) : null}
        </span>
      </div>
    </Tooltip>
  );
}
