import { toast } from "@/components/ui/use-toast";
import { OFFLINE_MESSAGES } from "@/lib/offline/rules";
import type { ReplayReport } from "@/lib/offline/replay";

const outcomeOf = (body: unknown) =>
  typeof body === "object" && body !== null ? ((body as { offline?: { outcome?: string } }).offline?.outcome ?? null) : null;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Tells the person what happened to the punches and scans their phone kept while it had no signal. */
export function tellReport(report: ReplayReport) {
  const punches = report.sent.filter((s) => s.entry.kind !== "case-scan");
  const scans = report.sent.length - punches.length;
  const corrections = punches.filter((s) => outcomeOf(s.body) === "correction-requested").length;
  const recorded = punches.length - corrections;
  if (recorded > 0) {
    toast({ title: "Offline punches sent", description: `${count(recorded, "punch", "punches")} saved on this phone ${recorded === 1 ? "was" : "were"} recorded.` });
  }
  if (scans > 0) toast({ title: "Offline scans sent", description: `${count(scans, "scan", "scans")} saved on this phone ${scans === 1 ? "was" : "were"} recorded.` });
  if (corrections > 0) toast({ title: "Sent for review", description: OFFLINE_MESSAGES.correctionRequested });
  for (const failure of report.failed) {
    toast({ title: failure.entry.kind === "case-scan" ? "Offline scan not recorded" : "Offline punch not recorded", description: failure.message, variant: "destructive" });
  }
}
