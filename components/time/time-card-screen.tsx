import Link from "next/link";
import type { ComponentProps } from "react";
import { buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/empty-state";
import type { TimePolicyValues } from "@/lib/time/calc";
import { CorrectionList } from "./correction-list";
import { JurisdictionForm } from "./jurisdiction-form";
import { PayrollProviderSettingsSection } from "./payroll-provider-form";
import { PolicyForm } from "./policy-form";
import { TimeCardGrid } from "./time-card-grid";
import { gridHref } from "./time-card-links";
import { TimeLogsScreen } from "./time-logs-screen";
import { TimeOffPolicies } from "./time-off-policies";
import { TimeOffTypes } from "./time-off-types";

const TABS = [
  ["card", "Time card"],
  ["corrections", "Corrections"],
  ["settings", "Policy"],
] as const;

/** What the page read for the section the address asks for. */
export type TimeCardSection =
  | { kind: "card"; grid: ComponentProps<typeof TimeCardGrid> }
  | { kind: "corrections"; list: ComponentProps<typeof CorrectionList> }
  | { kind: "settings"; policy: TimePolicyValues; rules: ComponentProps<typeof JurisdictionForm>["settings"] }
  | { kind: "member"; log: Omit<ComponentProps<typeof TimeLogsScreen>, "basePath" | "adminMode" | "extraKeep"> | { error: { title: string; description: string } } };

/** /admin/time-card: the pay period grid, a member's drill-down, correction requests and the policy. */
export function TimeCardScreen({ tab, section, period, q }: { tab: string; section: TimeCardSection; period?: string; q?: string }) {
  const member = section.kind === "member";
  return (
    <div className="space-y-4">
      <h1 className="text-2xl font-semibold text-slate-900">Time Card</h1>
      <nav className="flex flex-wrap gap-2" aria-label="Time card sections">
        {TABS.map(([id, label]) => (
          <Link
            key={id}
            href={`/admin/time-card?tab=${id}${period ? `&period=${period}` : ""}`}
            aria-current={tab === id && !member ? "page" : undefined}
            className={buttonClasses({ size: "sm", variant: tab === id && !member ? "primary" : "secondary" })}
          >
            {label}
          </Link>
        ))}
      </nav>
      {section.kind === "member" ? (
        <div className="space-y-3">
          <Link href={gridHref({ period, q })} className="text-sm text-indigo-700 underline-offset-2 hover:underline">
            ‹ Back to the time card
          </Link>
          {"error" in section.log ? (
            <EmptyState title={section.log.error.title} description={section.log.error.description} />
          ) : (
            <TimeLogsScreen {...section.log} basePath="/admin/time-card" adminMode extraKeep={{ period, q }} />
          )}
        </div>
      ) : section.kind === "settings" ? (
        <div className="space-y-6">
          <PolicyForm policy={section.policy} />
          <JurisdictionForm settings={section.rules} />
          <TimeOffTypes />
          <TimeOffPolicies />
          <PayrollProviderSettingsSection />
        </div>
      ) : section.kind === "corrections" ? (
        <CorrectionList {...section.list} />
      ) : (
        <TimeCardGrid {...section.grid} />
      )}
    </div>
  );
}
