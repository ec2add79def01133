import { haversineKm, normalizePostcode, orderStops, pointOf, routeKm, sharedPrefixLength, stopMapsUrl } from "./stop-order";

const ids = (stops: Array<{ id: string }>) => stops.map((s) => s.id);

describe("haversineKm", () => {
  it("is zero for one point and symmetric", () => {
    const a = { latitude: 45.5, longitude: -122.6 };
    const b = { latitude: 45.6, longitude: -122.7 };
    expect(haversineKm(a, a)).toBe(0);
    expect(haversineKm(a, b)).toBeCloseTo(haversineKm(b, a), 10);
  });
  it("measures a known distance (London to Paris, about 344 km)", () => {
    expect(haversineKm({ latitude: 51.5074, longitude: -0.1278 }, { latitude: 48.8566, longitude: 2.3522 })).toBeGreaterThan(340);
    expect(haversineKm({ latitude: 51.5074, longitude: -0.1278 }, { latitude: 48.8566, longitude: 2.3522 })).toBeLessThan(346);
  });
  it("crosses the antimeridian the short way", () => {
    expect(haversineKm({ latitude: 0, longitude: 179.9 }, { latitude: 0, longitude: -179.9 })).toBeLessThan(25);
  });
});

describe("pointOf and normalizePostcode", () => {
  it("needs both coordinates on the globe", () => {
    expect(pointOf({ latitude: 1, longitude: null })).toBeNull();
    expect(pointOf({ latitude: 91, longitude: 0 })).toBeNull();
    expect(pointOf({ latitude: 0, longitude: 0 })).toEqual({ latitude: 0, longitude: 0 });
    expect(pointOf(null)).toBeNull();
  });
  it("compares postcodes without case, spaces or dashes; blank is none", () => {
    expect(normalizePostcode(" sw1a 1aa ")).toBe("SW1A1AA");
    expect(normalizePostcode("97201-1234")).toBe("972011234");
    expect(normalizePostcode("   ")).toBeNull();
    expect(normalizePostcode(null)).toBeNull();
    expect(sharedPrefixLength("97201", "97209")).toBe(4);
    expect(sharedPrefixLength("", "1")).toBe(0);
  });
});

describe("orderStops", () => {
  const facility = { latitude: 0, longitude: 0, postcode: "97201" };

  it("walks to the nearest unvisited stop each time, from the facility", () => {
    const stops = [
      { id: "far", latitude: 0, longitude: 0.3 },
      { id: "near", latitude: 0, longitude: 0.1 },
      { id: "middle", latitude: 0, longitude: 0.2 },
      { id: "back", latitude: 0, longitude: -0.05 },
    ];
    // From 0: back (0.05) is nearest; from -0.05: near (0.15); then middle, far.
    expect(ids(orderStops(facility, stops))).toEqual(["back", "near", "middle", "far"]);
  });

  it("keeps the given order on a tie (urgency first)", () => {
    const stops = [
      { id: "urgent", latitude: 0, longitude: 0.1 },
      { id: "later", latitude: 0, longitude: -0.1 },
    ];
    expect(ids(orderStops(facility, stops))).toEqual(["urgent", "later"]);
  });

  it("starts from the first stop given when the facility has no coordinates", () => {
    const stops = [
      { id: "a", latitude: 0, longitude: 0.3 },
      { id: "b", latitude: 0, longitude: 0.0 },
      { id: "c", latitude: 0, longitude: 0.29 },
    ];
    expect(ids(orderStops({ postcode: null }, stops))).toEqual(["a", "c", "b"]);
    expect(ids(orderStops(null, stops))).toEqual(["a", "c", "b"]);
  });

  it("puts a postcode-only stop right after the last stop of its postcode", () => {
    const stops = [
      { id: "geo-1", latitude: 0, longitude: 0.1, postcode: "97205" },
      { id: "geo-2", latitude: 0, longitude: 0.2, postcode: "97210" },
      { id: "typed", postcode: "97205 " },
    ];
    expect(ids(orderStops(facility, stops))).toEqual(["geo-1", "typed", "geo-2"]);
  });

  it("groups postcode-only stops and follows the nearest postcode from the facility's", () => {
    const stops = [
      { id: "x1", postcode: "98101" },
      { id: "y1", postcode: "97209" },
      { id: "z1", postcode: "97301" },
      { id: "y2", postcode: "97209" },
      { id: "w1", postcode: "97201" },
    ];
    // From 97201: 97201 (5 shared), then 97209 (4), then 97301 (2), then 98101 (1).
    expect(ids(orderStops(facility, stops))).toEqual(["w1", "y1", "y2", "z1", "x1"]);
  });

  it("puts stops with neither coordinates nor postcode last, in the given order", () => {
    const stops = [{ id: "n1" }, { id: "p", postcode: "97201" }, { id: "g", latitude: 0, longitude: 1 }, { id: "n2", postcode: "  " }];
    expect(ids(orderStops(facility, stops))).toEqual(["g", "p", "n1", "n2"]);
  });

  it("orders nothing to nothing and leaves its input alone", () => {
    expect(orderStops(facility, [])).toEqual([]);
    const stops = [{ id: "b", latitude: 0, longitude: 2 }, { id: "a", latitude: 0, longitude: 1 }];
    orderStops(facility, stops);
    expect(ids(stops)).toEqual(["b", "a"]);
  });

  it("orders the reference load (50 stops) quickly", () => {
    const stops = Array.from({ length: 50 }, (_, i) => ({ id: `s${i}`, latitude: Math.sin(i) * 0.5, longitude: Math.cos(i * 1.7) * 0.5 }));
    const ordered = orderStops(facility, stops);
    expect(new Set(ids(ordered)).size).toBe(50);
    // Each step is to the nearest remaining stop.
    let here = { latitude: 0, longitude: 0 };
    const left = new Set(ids(stops));
    for (const stop of ordered) {
      const nearest = Math.min(...stops.filter((s) => left.has(s.id)).map((s) => haversineKm(here, s)));
      expect(haversineKm(here, stop)).toBeCloseTo(nearest, 9);
      left.delete(stop.id);
      here = stop;
    }
  });
});

describe("routeKm and stopMapsUrl", () => {
  it("sums the legs over stops with coordinates", () => {
    const km = routeKm({ latitude: 0, longitude: 0 }, [{ latitude: 0, longitude: 1 }, { postcode: "1" }, { latitude: 0, longitude: 2 }]);
    expect(km).toBeCloseTo(222.4, 0);
  });
  it("links coordinates as geo: and a typed address as a maps search", () => {
    expect(stopMapsUrl({ latitude: 45.5, longitude: -122.6, address: "1 Main St" })).toBe("geo:45.5,-122.6?q=45.5,-122.6(1%20Main%20St)");
    expect(stopMapsUrl({ address: "1 Main St\nPortland", postcode: "97201" })).toBe("https://maps.google.com/?q=1%20Main%20St%2C%20Portland%2097201");
    expect(stopMapsUrl({ address: null })).toBeNull();
  });
});
