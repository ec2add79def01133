/** One structured line per event. Never pass secrets, tokens or bodies here. */
export function logLine(fields: Record<string, unknown>): void {
  if (process.env.NODE_ENV === "test" && !process.env.LOG_IN_TESTS) return;
  console.log(JSON.stringify({ t: new Date().toISOString(), ...fields }));
}
