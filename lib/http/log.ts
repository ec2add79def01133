/** One structured line per event. Never pass secrets, tokens or bodies here. */
export function logLine(fields: Record<string, unknown>): void {
  const line = JSON.stringify({ t: new Date().toISOString(), ...fields });
  if (process.env.NODE_ENV === "test" && !process.env.LOG_IN_TESTS) return;
  console.log(line);
}
