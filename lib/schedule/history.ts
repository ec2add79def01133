/**
 * One line per entry of a shift's history: what changed, before → after. Pure.
 */
import { shiftLine } from "./format";

type Snapshot = Record<string, unknown> | null | undefined;

const who = (s: Snapshot) => (s?.memberName as string | null | undefined) ?? "Open shift";
const when = (s: Snapshot) => (s?.startsAt && s?.endsAt ? shiftLine({ startsAt: String(s.startsAt), endsAt: String(s.endsAt) }) : "");
const text = (v: unknown) => (v === null || v === undefined || v === "" ? "none" : String(v));

export function historySummary(action: string, before: Snapshot, after: Snapshot): string {
  if (action === "created") return `Created: ${who(after)}, ${when(after)}`;
  if (action === "deleted") return `Deleted: ${who(before)}, ${when(before)}`;
  if (action === "published") return "Published";
  if (action === "claimed") return `Claimed by ${who(after)}`;
  const parts: string[] = [];
  if (before?.memberName !== after?.memberName) parts.push(`member: ${who(before)} → ${who(after)}`);
  if (before?.startsAt !== after?.startsAt || before?.endsAt !== after?.endsAt) parts.push(`time: ${when(before)} → ${when(after)}`);
  if (before?.unitName !== after?.unitName) parts.push(`department: ${text(before?.unitName)} → ${text(after?.unitName)}`);
  if (before?.breakMinutes !== after?.breakMinutes) parts.push(`break: ${text(before?.breakMinutes)} → ${text(after?.breakMinutes)} min`);
  if (before?.roleLabel !== after?.roleLabel) parts.push(`role: ${text(before?.roleLabel)} → ${text(after?.roleLabel)}`);
  if (before?.punchLocation !== after?.punchLocation) parts.push(`where: ${text(before?.punchLocation)} → ${text(after?.punchLocation)}`);
  if (before?.note !== after?.note) parts.push("note changed");
  return parts.length ? `Changed ${parts.join("; ")}` : "Saved without changes";
}
