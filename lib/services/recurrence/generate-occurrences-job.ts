import "server-only";
import { defineJob } from "@/lib/jobs/types";
import { generateOccurrences } from "./generate-occurrences";

/** Every 15 minutes and once at start: creates the occurrences due within the look-ahead window. */
export const generateOccurrencesJob = defineJob<{ now?: string; seriesId?: string }>({
  name: "recurrence-generate",
  cron: "*/15 * * * *",
  runAtStart: true,
  run: (data) => generateOccurrences({ ...(data.now ? { now: new Date(data.now) } : {}), ...(data.seriesId ? { seriesId: data.seriesId } : {}) }),
});
