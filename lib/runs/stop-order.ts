/**
 * The order of a pickup run's stops (docs/runs.md): a plain nearest-neighbour
 * walk from the facility, on addresses geocoded by hand (latitude/longitude) or typed postcodes.
 * No map service is reachable and none is needed: the driver's phone opens each address in its own
 * maps app (stopMapsUrl). Pure: the dispatcher's screen and the server order stops the same way.
 *
 * The rule, in three passes:
 * 1. Stops with coordinates: from the facility's coordinates (or, when the facility has none, from
 *    the first such stop in the given order), repeatedly the nearest stop not yet visited by
 *    great-circle (haversine) distance; a tie goes to the stop given first.
 * 2. Stops with only a postcode: a stop whose postcode is already on the route goes right after the
 *    last stop of that postcode. The others are grouped by postcode, and the groups follow by
 *    nearest postcode: from the last postcode on the route (else the facility's), the group whose
 *    postcode shares the longest leading run of characters with it (postcodes are assigned by area,
 *    so a longer shared prefix is nearer); a tie goes to the group given first. Inside a group the
 *    stops keep their given order.
 * 3. Stops with neither: last, in their given order.
 * The given order is the dispatcher's list (most urgent first), so ties favour urgency.
 */

export interface GeoPoint {
  latitude: number;
  longitude: number;
}

export interface OrderablePlace {
  latitude?: number | null;
  longitude?: number | null;
  postcode?: string | null;
}

export interface OrderableStop extends OrderablePlace {
  id: string;
}

const EARTH_RADIUS_KM = 6371.0088;

/** Great-circle distance in kilometres (the haversine formula). */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const dLat = rad(b.latitude - a.latitude);
  const dLng = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** The place's coordinates, when both are given and on the globe. */
export function pointOf(place: OrderablePlace | null | undefined): GeoPoint | null {
  if (!place || place.latitude == null || place.longitude == null) return null;
  const { latitude, longitude } = place;
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude) || Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
  return { latitude, longitude };
}

/** A postcode as compared: upper case, without spaces or dashes ("sw1a 1aa" and "SW1A1AA" are one). */
export function normalizePostcode(postcode: string | null | undefined): string | null {
  const value = (postcode ?? "").toUpperCase().replace(/[\s-]+/g, "");
  return value.length > 0 ? value : null;
}

/** How many leading characters two postcodes share. */
export function sharedPrefixLength(a: string, b: string): number {
  let n = 0;
  while (n < a.length && n < b.length && a[n] === b[n]) n += 1;
  return n;
}

/**
 * The stops in driving order (the rule above). Returns a new array of the same stops; the input is
 * not changed.
 */
export function orderStops<T extends OrderableStop>(facility: OrderablePlace | null, stops: readonly T[]): T[] {
  const withPoint: Array<{ stop: T; point: GeoPoint }> = [];
  const withPostcode: Array<{ stop: T; postcode: string }> = [];
  const unplaced: T[] = [];
  for (const stop of stops) {
    const point = pointOf(stop);
    const postcode = normalizePostcode(stop.postcode);
    if (point) withPoint.push({ stop, point });
    else if (postcode) withPostcode.push({ stop, postcode });
    else unplaced.push(stop);
  }

  // 1. Nearest neighbour over coordinates.
  const route: T[] = [];
  let here = pointOf(facility);
  const left = [...withPoint];
  while (left.length > 0) {
    let best = 0;
    if (here) {
      let bestDistance = Infinity;
      left.forEach((candidate, i) => {
        const distance = haversineKm(here!, candidate.point);
        if (distance < bestDistance) {
          bestDistance = distance;
          best = i;
        }
      });
    }
    const [next] = left.splice(best, 1);
    route.push(next.stop);
    here = next.point;
  }

  // 2. Postcode-only stops: beside their postcode on the route, else by nearest postcode group.
  const groups = new Map<string, T[]>();
  for (const { stop, postcode } of withPostcode) {
    const onRoute = lastIndexWithPostcode(route, postcode);
    if (onRoute >= 0) {
      route.splice(onRoute + 1, 0, stop);
      continue;
    }
    const group = groups.get(postcode);
    if (group) group.push(stop);
    else groups.set(postcode, [stop]);
  }
  let current = lastPostcode(route) ?? normalizePostcode(facility?.postcode);
  const pending = [...groups.keys()];
  while (pending.length > 0) {
    let best = 0;
    if (current) {
      let bestShared = -1;
      pending.forEach((postcode, i) => {
        const shared = sharedPrefixLength(current!, postcode);
        if (shared > bestShared) {
          bestShared = shared;
          best = i;
        }
      });
    }
    const [postcode] = pending.splice(best, 1);
    route.push(...groups.get(postcode)!);
    current = postcode;
  }

  // 3. Stops with neither: last.
  route.push(...unplaced);
  return route;
}

function lastIndexWithPostcode(route: readonly OrderableStop[], postcode: string): number {
  for (let i = route.length - 1; i >= 0; i -= 1) if (normalizePostcode(route[i].postcode) === postcode) return i;
  return -1;
}

function lastPostcode(route: readonly OrderableStop[]): string | null {
  for (let i = route.length - 1; i >= 0; i -= 1) {
    const postcode = normalizePostcode(route[i].postcode);
    if (postcode) return postcode;
  }
  return null;
}

/** The route's length in kilometres over the stops with coordinates, from the facility (for the dispatcher's summary). */
export function routeKm(facility: OrderablePlace | null, stops: readonly OrderablePlace[]): number {
  let here = pointOf(facility);
  let total = 0;
  for (const stop of stops) {
    const point = pointOf(stop);
    if (!point) continue;
    if (here) total += haversineKm(here, point);
    here = point;
  }
  return Math.round(total * 10) / 10;
}

/**
 * A link that opens the address in the phone's own maps app: `geo:` with the coordinates when
 * known (Android opens its maps app, iOS ignores the query part), else a universal maps search URL
 * with the typed address. No map service is called by the app itself.
 */
export function stopMapsUrl(place: OrderablePlace & { address?: string | null }): string | null {
  const point = pointOf(place);
  const label = [place.address?.replace(/\s*\n\s*/g, ", "), place.postcode].filter(Boolean).join(" ");
  if (point) return `geo:${point.latitude},${point.longitude}?q=${point.latitude},${point.longitude}${label ? `(${encodeURIComponent(label)})` : ""}`;
  if (!label) return null;
  return `https://maps.google.com/?q=${encodeURIComponent(label)}`;
}
