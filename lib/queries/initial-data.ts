/** Dates arrive as ISO strings over JSON. */
export type Jsonified<T> = T extends Date
  ? string
  : T extends Array<infer U>
    ? Array<Jsonified<U>>
    : T extends object
      ? { [K in keyof T]: Jsonified<T[K]> }
      : T;

/**
 * Server-read data for a client query's `initialData` (first paints without an API
 * round trip). The JSON round trip gives the client exactly what the API would send (dates as
 * ISO strings); `readAt` lets React Query age it from the server's read, not from hydration.
 */
export function asInitialData<T>(value: T): { data: Jsonified<T>; readAt: number } {
  return { data: JSON.parse(JSON.stringify(value)) as Jsonified<T>, readAt: Date.now() };
}
