import { installLocalStorage, jsonResponse, mockFetch } from "@/lib/api-client/test-helpers";
import type { QueryClient } from "@tanstack/react-query";
import { makeQueryClient } from "./query-client";

describe("makeQueryClient", () => {
  let client: QueryClient;

  beforeEach(() => {
    installLocalStorage();
    client = makeQueryClient();
  });

  // Cached queries hold garbage-collection timers that would keep jest alive.
  afterEach(() => client.clear());

  it("applies the spec's cache defaults", () => {
    const { queries, mutations } = client.getDefaultOptions();
    expect(queries).toMatchObject({
      staleTime: 5 * 60 * 1000,
      gcTime: 10 * 60 * 1000,
      refetchOnWindowFocus: false,
      refetchInterval: false,
      retry: false,
    });
    expect(mutations).toMatchObject({ retry: false });
  });

  it("reads a query key as a GET of its URL by default, without retrying", async () => {
    const fetchMock = mockFetch(() => jsonResponse({ message: "Server error" }, { status: 500 }));
    await expect(client.fetchQuery({ queryKey: ["/api/tasks", "t1"] })).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0][0]).toBe("/api/tasks/t1");
  });
});
