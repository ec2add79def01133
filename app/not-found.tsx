import type { Metadata } from "next";
import Link from "next/link";
import { buttonClasses } from "@/components/ui/button";

export const metadata: Metadata = { title: "Page not found" };

/** Shown for any path the app does not know (spec §2). */
export default function NotFound() {
  return (
    <div className="flex min-h-[60vh] items-center justify-center px-4 py-16">
      <div className="w-full max-w-md text-center">
        <p className="text-sm font-semibold text-indigo-600">404</p>
        <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">Page not found</h1>
        <p className="mt-3 text-sm text-slate-600">
          Sorry, we couldn&apos;t find the page you were looking for. It may have been moved, or the link may be
          mistyped.
        </p>
        <Link href="/" className={buttonClasses({ className: "mt-6" })}>
          Go Home
        </Link>
      </div>
    </div>
  );
}
