import type { ReactNode } from "react";

/**
 * The error screen's heading and explanation (spec §2), around its actions. The error boundaries
 * show it alone while the full screen downloads (components/ui/lazy-error-screen.tsx).
 */
export function ErrorScreenFrame({ fullScreen = false, children }: { fullScreen?: boolean; children?: ReactNode }) {
  return (
    <div className={`flex ${fullScreen ? "min-h-screen" : "min-h-[60vh]"} items-center justify-center px-4 py-16`}>
      <div className="w-full max-w-md text-center">
        <h1 className="text-2xl font-semibold tracking-tight text-slate-900">Something went wrong</h1>
        <p className="mt-3 text-sm text-slate-600">
          An unexpected error stopped this page from loading. You can try again, reload the page or go back home.
        </p>
        {children}
      </div>
    </div>
  );
}
