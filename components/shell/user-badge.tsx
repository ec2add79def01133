import { fullName, initials, roleLabel } from "./nav-config";

interface UserBadgeProps {
  firstName?: string | null;
  lastName?: string | null;
  role?: string | null;
  /** Hide the name and role text below this breakpoint (the avatar alone stays). */
  compact?: boolean;
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

/** Avatar with initials, the full name and the role in parentheses (spec §2). */
export function UserBadge({ firstName, lastName, role, compact = false }: UserBadgeProps) {
  const name = fullName(firstName, lastName);
  const roleText = roleLabel(role);
  return (
    <div className="flex min-w-0 items-center gap-2" data-testid="user-badge" title={`${name}${roleText ? ` (${roleText})` : ""}`}>
      <Avatar firstName={firstName} lastName={lastName} />
      <span className={`${compact ? "sr-only xl:not-sr-only" : ""} min-w-0 max-w-40 leading-tight`}>
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
  );
}
