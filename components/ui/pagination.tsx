import Link from "next/link";
import { Button, buttonClasses } from "./button";

type PaginationProps = { page: number; pages: number } & (
  | { onPageChange: (page: number) => void; hrefFor?: never }
  /** Server-rendered screens page through the URL: each step is a link. */
  | { hrefFor: (page: number) => string; onPageChange?: never }
);

/** Previous / "Page n of m" / Next, shown only when there is more than one page. */
export function Pagination({ page, pages, onPageChange, hrefFor }: PaginationProps) {
  if (pages <= 1) return null;
  const step = (to: number, label: string, disabled: boolean) =>
    hrefFor ? (
      disabled ? (
        <span className={buttonClasses({ variant: "secondary", size: "sm", className: "pointer-events-none opacity-50" })} aria-disabled="true">
          {label}
        </span>
      ) : (
        <Link href={hrefFor(to)} className={buttonClasses({ variant: "secondary", size: "sm" })}>
          {label}
        </Link>
      )
    ) : (
      <Button variant="secondary" size="sm" disabled={disabled} onClick={() => onPageChange?.(to)}>
        {label}
      </Button>
    );
  return (
    <nav className="flex items-center justify-between" aria-label="Pagination">
      {step(page - 1, "Previous", page <= 1)}
      <span className="text-sm text-slate-600">
        Page {page} of {pages}
      </span>
      {step(page + 1, "Next", page >= pages)}
    </nav>
  );
}
