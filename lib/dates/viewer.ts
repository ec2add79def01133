/**
 * The viewer's own device: its time zone and locale (the browser's in a screen), for what is
 * about the device rather than the business (a problem report's environment, when this browser
 * signed in). Imported by its own path, `@/lib/dates/viewer`, so the first load does not carry it.
 */
type Instant = Date | string | number;

/** The time zone of the device running this code (the browser's, in a screen). */
export function deviceTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

let viewerDate: Intl.DateTimeFormat | undefined;

/** "Nov 2, 2026" in the viewer's own locale and time zone (the browser's): sessions and invitations. */
export function formatViewerDate(value: Instant): string {
  viewerDate ??= new Intl.DateTimeFormat(undefined, { dateStyle: "medium" });
  return viewerDate.format(new Date(value));
}
