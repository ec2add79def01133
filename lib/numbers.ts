/**
 * Counts shown to people: "1,234", the same on the server and in every browser (never the viewer's
 * locale, so the server's HTML and the hydrated page agree). Numbers only: dates go through lib/dates,
 * and lint keeps toLocaleString out of everything else.
 */
const COUNT = new Intl.NumberFormat("en-US");

export const formatCount = (n: number): string => COUNT.format(n);
