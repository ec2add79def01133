import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./errors";
import { REFRESH_PATH, apiRequest, buildUrl, getQueryFn } from "./request";
import { saveAuthTokens, setForceMobileAuth, setStoredClientType } from "./storage";
import { installLocalStorage, jsonResponse, mockFetch, setUserAgent } from "./test-helpers";

const NOW = 1_700_000_000_000;
const DESKTOP = "Mozilla/5.0 (X11; Linux x86_64) Chrome/124.0";

function headersOf(init: RequestInit): Headers {
  return new Headers(init.headers);
}

let storage: Storage;

beforeEach(() => {
  storage = installLocalStorage();
  setUserAgent(DESKTOP);
  jest.spyOn(Date, "now").mockReturnValue(NOW);
});

afterEach(() => jest.restoreAllMocks());

describe("apiRequest headers and body", () => {
  it("always sends credentials and, with no token, no Authorization header", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: 1 }));
    await apiRequest("GET", "/api/tasks");
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe("/api/tasks");
    expect(init.method).toBe("GET");
    expect(init.credentials).toBe("include");
    expect(headersOf(init).has("Authorization")).toBe(false);
    expect(headersOf(init).has("X-Client-Type")).toBe(false);
  });

  it("sends the stored access token as a bearer token", async () => {
    saveAuthTokens({ accessToken: "token-1" });
    const fetchMock = mockFetch(() => jsonResponse({}));
    await apiRequest("GET", "/api/user");
    expect(headersOf(fetchMock.mock.calls[0][1]).get("Authorization")).toBe("Bearer token-1");
  });

  it.each([
    ["a stored mobile client type", () => setStoredClientType("mobile")],
    ["forceMobileAuth", () => setForceMobileAuth(true)],
    ["an iPhone", () => setUserAgent("Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)")],
  ])("sends X-Client-Type: mobile for %s", async (_case, arrange) => {
    arrange();
    const fetchMock = mockFetch(() => jsonResponse({}));
    await apiRequest("POST", "/api/auth/punch/in", { location: "desktop" });
    expect(headersOf(fetchMock.mock.calls[0][1]).get("X-Client-Type")).toBe("mobile");
  });

  it("sends a JSON body with a JSON content type", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: "t1" }));
    const created = await apiRequest<{ id: string }>("POST", "/api/tasks", { title: "Walk Rex" });
    const init = fetchMock.mock.calls[0][1];
    expect(created).toEqual({ id: "t1" });
    expect(init.body).toBe(JSON.stringify({ title: "Walk Rex" }));
    expect(headersOf(init).get("Content-Type")).toBe("application/json");
  });

  it("sends FormData as multipart, leaving the content type to fetch", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ id: "f1", url: "/f1" }));
    const form = new FormData();
    form.append("file", new Blob(["hello"]), "hello.txt");
    await apiRequest("POST", "/api/agent/chat/upload", form);
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBe(form);
    expect(headersOf(init).has("Content-Type")).toBe(false);
  });

  it("sends no body and no content type without a payload", async () => {
    const fetchMock = mockFetch(() => new Response(null, { status: 204 }));
    await expect(apiRequest("POST", "/api/logout")).resolves.toBeUndefined();
    const init = fetchMock.mock.calls[0][1];
    expect(init.body).toBeUndefined();
    expect(headersOf(init).has("Content-Type")).toBe(false);
  });

  it("throws an ApiError for a non-OK answer", async () => {
    mockFetch(() => jsonResponse({ message: "Title is required" }, { status: 400 }));
    const failure = apiRequest("POST", "/api/tasks", {});
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(failure).rejects.toMatchObject({ status: 400, message: "400: Title is required" });
  });
});

describe("buildUrl", () => {
  it("uses the first key element as the path", () => {
    expect(buildUrl(["/api/tasks"])).toBe("/api/tasks");
  });

  it("adds a string element as a path segment", () => {
    expect(buildUrl(["/api/tasks", "abc-123"])).toBe("/api/tasks/abc-123");
    expect(buildUrl(["/api/organizational-units", "u1", "members"])).toBe("/api/organizational-units/u1/members");
  });

  it("encodes path segments", () => {
    expect(buildUrl(["/api/tasks", "a/b c"])).toBe("/api/tasks/a%2Fb%20c");
  });

  it("turns an object into a query string, dropping null, undefined and empty values", () => {
    const url = buildUrl(["/api/tasks", { status: "open", q: "", projectId: null, unit: undefined, page: 2, mine: false }]);
    expect(url).toBe("/api/tasks?status=open&page=2&mine=false");
  });

  it("repeats array values", () => {
    expect(buildUrl(["/api/tasks", { status: ["open", "", "done"] }])).toBe("/api/tasks?status=open&status=done");
  });

  it("combines a segment and a query", () => {
    expect(buildUrl(["/api/members", "m1", { include: "units" }])).toBe("/api/members/m1?include=units");
  });

  it("omits the query string when every value is dropped", () => {
    expect(buildUrl(["/api/tasks", { q: "", projectId: null }])).toBe("/api/tasks");
  });

  it("rejects a key without a path", () => {
    expect(() => buildUrl([{ q: 1 }])).toThrow(/path/);
  });
});

describe("getQueryFn", () => {
  let queryClient: QueryClient;

  beforeEach(() => {
    queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  });

  // Cached queries hold garbage-collection timers that would keep jest alive.
  afterEach(() => queryClient.clear());

  it("GETs the key's URL and returns the JSON", async () => {
    const fetchMock = mockFetch(() => jsonResponse([{ id: "t1" }]));
    const data = await queryClient.fetchQuery({
      queryKey: ["/api/tasks", { status: "open" }],
      queryFn: getQueryFn({ on401: "throw" }),
    });
    expect(data).toEqual([{ id: "t1" }]);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/tasks?status=open");
    expect(fetchMock.mock.calls[0][1].method).toBe("GET");
    expect(fetchMock.mock.calls[0][1].signal).toBeInstanceOf(AbortSignal);
  });

  it("yields null on 401 where the call tolerates it", async () => {
    mockFetch(() => jsonResponse({ message: "Unauthorized" }, { status: 401 }));
    const user = await queryClient.fetchQuery({ queryKey: ["/api/user"], queryFn: getQueryFn({ on401: "returnNull" }) });
    expect(user).toBeNull();
  });

  it("throws on 401 by default", async () => {
    mockFetch(() => jsonResponse({ message: "Unauthorized" }, { status: 401 }));
    await expect(
      queryClient.fetchQuery({ queryKey: ["/api/user"], queryFn: getQueryFn({ on401: "throw" }) }),
    ).rejects.toMatchObject({ status: 401, message: "401: Unauthorized" });
  });

  it("still throws other errors when tolerating 401", async () => {
    mockFetch(() => jsonResponse({ message: "Boom" }, { status: 500 }));
    await expect(
      queryClient.fetchQuery({ queryKey: ["/api/user"], queryFn: getQueryFn({ on401: "returnNull" }) }),
    ).rejects.toBeInstanceOf(ApiError);
  });
});

describe("token refresh before expiry", () => {
  function storeTokens(expiresInMs: number) {
    storage.setItem("accessToken", "old-access");
    storage.setItem("refreshToken", "old-refresh");
    storage.setItem("tokenExpiry", String(NOW + expiresInMs));
  }

  const refreshed = { accessToken: "new-access", refreshToken: "new-refresh", expiresIn: 900 };

  it("refreshes a token expiring within 60 s, then sends the call with the new token", async () => {
    storeTokens(30_000);
    const fetchMock = mockFetch((url) => (url === REFRESH_PATH ? jsonResponse(refreshed) : jsonResponse({})));
    await apiRequest("GET", "/api/tasks");

    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual([REFRESH_PATH, "/api/tasks"]);
    const refreshInit = fetchMock.mock.calls[0][1];
    expect(refreshInit.method).toBe("POST");
    expect(refreshInit.credentials).toBe("include");
    expect(JSON.parse(String(refreshInit.body))).toEqual({ refreshToken: "old-refresh" });
    expect(headersOf(fetchMock.mock.calls[1][1]).get("Authorization")).toBe("Bearer new-access");
    expect(storage.getItem("refreshToken")).toBe("new-refresh");
    expect(storage.getItem("tokenExpiry")).toBe(String(NOW + 900_000));
  });

  it("refreshes an already expired token", async () => {
    storeTokens(-5_000);
    const fetchMock = mockFetch((url) => (url === REFRESH_PATH ? jsonResponse(refreshed) : jsonResponse({})));
    await apiRequest("GET", "/api/tasks");
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("leaves a token with more than 60 s left alone", async () => {
    storeTokens(61_000);
    const fetchMock = mockFetch(() => jsonResponse({}));
    await apiRequest("GET", "/api/tasks");
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(["/api/tasks"]);
    expect(headersOf(fetchMock.mock.calls[0][1]).get("Authorization")).toBe("Bearer old-access");
  });

  it("does not refresh without a refresh token", async () => {
    storage.setItem("accessToken", "cookie-user");
    storage.setItem("tokenExpiry", String(NOW));
    const fetchMock = mockFetch(() => jsonResponse({}));
    await apiRequest("GET", "/api/tasks");
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it("shares one refresh between concurrent calls", async () => {
    storeTokens(10_000);
    let answerRefresh: (response: Response) => void = () => undefined;
    const fetchMock = mockFetch((url) =>
      url === REFRESH_PATH ? new Promise<Response>((resolve) => (answerRefresh = resolve)) : jsonResponse({}),
    );
    const calls = Promise.all([
      apiRequest("GET", "/api/tasks"),
      apiRequest("GET", "/api/projects"),
      apiRequest("GET", "/api/members"),
    ]);
    await new Promise((resolve) => setImmediate(resolve));
    answerRefresh(jsonResponse(refreshed));
    await calls;

    const urls = fetchMock.mock.calls.map(([url]) => url);
    expect(urls.filter((url) => url === REFRESH_PATH)).toHaveLength(1);
    expect(urls).toHaveLength(4);
    for (const [url, init] of fetchMock.mock.calls.slice(1)) {
      expect(url).not.toBe(REFRESH_PATH);
      expect(headersOf(init).get("Authorization")).toBe("Bearer new-access");
    }
  });

  it("clears the tokens when the server refuses the refresh, then sends the call without them", async () => {
    storeTokens(10_000);
    const fetchMock = mockFetch((url) =>
      url === REFRESH_PATH ? jsonResponse({ message: "Invalid refresh token" }, { status: 401 }) : jsonResponse({}),
    );
    await apiRequest("GET", "/api/tasks");
    expect(storage.getItem("accessToken")).toBeNull();
    expect(storage.getItem("refreshToken")).toBeNull();
    expect(storage.getItem("tokenExpiry")).toBeNull();
    expect(headersOf(fetchMock.mock.calls[1][1]).has("Authorization")).toBe(false);
  });

  it("clears the tokens when the refresh answer has no access token", async () => {
    storeTokens(10_000);
    mockFetch((url) => (url === REFRESH_PATH ? jsonResponse({ nope: true }) : jsonResponse({})));
    await apiRequest("GET", "/api/tasks");
    expect(storage.getItem("accessToken")).toBeNull();
  });

  it("keeps the tokens when the refresh cannot reach the server", async () => {
    storeTokens(10_000);
    mockFetch((url) => {
      if (url === REFRESH_PATH) throw new TypeError("Failed to fetch");
      return jsonResponse({});
    });
    await apiRequest("GET", "/api/tasks");
    expect(storage.getItem("refreshToken")).toBe("old-refresh");
  });

  it("refreshes again on a later call after a refresh has settled", async () => {
    storeTokens(10_000);
    const fetchMock = mockFetch((url) =>
      url === REFRESH_PATH ? jsonResponse({ ...refreshed, expiresIn: 30 }) : jsonResponse({}),
    );
    await apiRequest("GET", "/api/tasks");
    await apiRequest("GET", "/api/tasks");
    expect(fetchMock.mock.calls.filter(([url]) => url === REFRESH_PATH)).toHaveLength(2);
  });
});
