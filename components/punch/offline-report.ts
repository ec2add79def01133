import { toast } from "@/components/ui/use-toast";
import { OFFLINE_MESSAGES, OFFLINE_NOUNS } from "@/lib/offline/rules";
import type { ReplayReport } from "@/lib/offline/replay";

const outcomeOf = (body: unknown) =>
  typeof body === "object" && body !== null ? ((body as { offline?: { outcome?: string } }).offline?.outcome ?? null) : null;

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Tells the person what happened to the punches, scans and checklist ticks their phone kept while it had no signal. */
export function tellReport(report: ReplayReport) {
  const punches = report.sent.filter((s) => s.entry.kind === "punch-in" || s.entry.kind === "punch-out");
  const scans = report.sent.filter((s) => s.entry.kind === "case-scan").length;
  const ticks = report.sent.filter((s) => s.entry.kind === "checklist-tick").length;
  const claims = report.sent.filter((s) => s.entry.kind === "shift-claim").length;
  const corrections = punches.filter((s) => outcomeOf(s.body) === "correction-requested").length;
  const recorded = punches.length - corrections;
  if (recorded > 0) {
    toast({ title: "Offline punches sent", description: `${count(recorded, "punch", "punches")} saved on this phone ${recorded === 1 ? "was" : "were"} recorded.` });
  }
  if (scans > 0) toast({ title: "Offline scans sent", description: `${count(scans, "scan", "scans")} saved on this phone ${scans === 1 ? "was" : "were"} recorded.` });
  if (ticks > 0) toast({ title: "Offline checklist ticks sent", description: `${count(ticks, "checklist tick", "checklist ticks")} saved on this phone ${ticks === 1 ? "was" : "were"} recorded.` });
  if (claims > 0) toast({ title: "Offline shift claims sent", description: `${count(claims, "shift", "shifts")} claimed on this phone ${claims === 1 ? "is" : "are"} yours.` });
  if (corrections > 0) toast({ title: "Sent for review", description: OFFLINE_MESSAGES.correctionRequested });
  for (const failure of report.failed) {
    toast({ title: `Offline ${OFFLINE_NOUNS[failure.entry.kind]} not recorded`, description: failure.message, variant: "destructive" });
  }
}
