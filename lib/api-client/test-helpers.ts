/** Test doubles for the browser globals the client reads (tests run in node). */

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length(): number {
    return this.items.size;
  }
  clear(): void {
    this.items.clear();
  }
  getItem(key: string): string | null {
    return this.items.get(key) ?? null;
  }
  key(index: number): string | null {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string): void {
    this.items.delete(key);
  }
  setItem(key: string, value: string): void {
    this.items.set(key, String(value));
  }
}

function defineGlobal(name: string, value: unknown): void {
  Object.defineProperty(globalThis, name, { value, configurable: true, writable: true });
}

export function installLocalStorage(): Storage {
  const storage = new MemoryStorage();
  defineGlobal("localStorage", storage);
  return storage;
}

export function removeLocalStorage(): void {
  Reflect.deleteProperty(globalThis, "localStorage");
}

export function setUserAgent(userAgent: string): void {
  defineGlobal("navigator", { userAgent });
}

export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  return new Response(JSON.stringify(body), {
    ...init,
    headers: { "Content-Type": "application/json", ...init.headers },
  });
}

/**
 * Replaces global fetch with a jest mock answering from `respond`; the mock
 * records each call as [url, init] with the URL as a string.
 */
export function mockFetch(respond: (url: string, init: RequestInit) => Response | Promise<Response>) {
  const fetchMock = jest.fn<Promise<Response>, [url: string, init: RequestInit]>(async (url, init) =>
    respond(url, init),
  );
  global.fetch = ((input: RequestInfo | URL, init: RequestInit = {}) => fetchMock(String(input), init)) as typeof fetch;
  return fetchMock;
}
