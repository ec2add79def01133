import "server-only";
import { notFound } from "@/lib/http/app-error";
import { STATISTICS_PANELS, type StatisticsPanel } from "@/lib/validations/reports";

export const PANEL_NOT_FOUND = "Unknown statistics panel";

/** The panel of /api/statistics/{panel}; anything else is a 404. */
export function parsePanel(value: unknown): StatisticsPanel {
  if (typeof value === "string" && (STATISTICS_PANELS as readonly string[]).includes(value)) return value as StatisticsPanel;
  throw notFound(PANEL_NOT_FOUND);
}
