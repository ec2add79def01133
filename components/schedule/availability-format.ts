/** The availability's wordings, kept in lib/schedule/availability.ts (the server's notifications read them too). */
export { describeWeekly, WEEKDAY_SHORT, WEEKDAYS_MONDAY_FIRST } from "@/lib/schedule/availability";
