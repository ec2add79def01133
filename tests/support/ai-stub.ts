/**
 * A local OpenAI-compatible chat-completions server for tests (integration and e2e): the real
 * provider path (HTTP, tool-call round trips, errors, timeouts) without a real model.
 *
 * Script, read from the latest user message:
 * - "[429]": answers 429 (the provider's rate limit); "[401]": answers 401 (a rejected key);
 * - "[slow]": answers after `slowMs` (a provider that hangs);
 * - otherwise the first turn calls the findTasks tool (with `{ text }` when the message holds
 *   "find <words>"), and the turn after the tool result replies naming the tasks it returned.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface AiStub {
  url: string;
  requests: Array<{ authorization: string | undefined; body: StubRequest }>;
  close(): Promise<void>;
}

interface StubMessage {
  role: string;
  content?: string | Array<{ type: string; text?: string }> | null;
  tool_calls?: unknown[];
}
interface StubRequest {
  model: string;
  messages: StubMessage[];
  tools?: Array<{ function: { name: string } }>;
}

const textOf = (m: StubMessage | undefined) => (typeof m?.content === "string" ? m.content : (m?.content ?? []).map((p) => p.text ?? "").join(" "));

function completion(model: string, message: Record<string, unknown>, finish: string) {
  return { id: `chatcmpl-${Date.now()}`, object: "chat.completion", created: Math.floor(Date.now() / 1000), model, choices: [{ index: 0, message, finish_reason: finish }], usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 } };
}

export function replyFor(body: StubRequest): { status: number; json: unknown; delay?: boolean } {
  const last = body.messages[body.messages.length - 1];
  const lastUser = [...body.messages].reverse().find((m) => m.role === "user");
  const said = textOf(lastUser);
  if (said.includes("[429]")) return { status: 429, json: { error: { message: "Rate limit reached for requests", type: "requests", code: "rate_limit_exceeded" } } };
  if (said.includes("[401]")) return { status: 401, json: { error: { message: "Incorrect API key provided", type: "invalid_request_error", code: "invalid_api_key" } } };
  if (said.includes("[slow]")) return { status: 200, json: completion(body.model, { role: "assistant", content: "too late" }, "stop"), delay: true };
  if (last?.role === "tool") {
    let titles: string[] = [];
    try {
      const parsed = JSON.parse(textOf(last)) as { result?: { items?: Array<{ number: number; title: string }> } };
      titles = (parsed.result?.items ?? []).map((t) => `#${t.number} ${t.title}`);
    } catch {
      titles = [];
    }
    const content = titles.length ? `Here is what I found: ${titles.join("; ")}.` : "I found no matching tasks.";
    return { status: 200, json: completion(body.model, { role: "assistant", content }, "stop") };
  }
  const find = /find (.+)$/i.exec(said.trim());
  const args = find ? { text: find[1].replace(/[?.!]+$/, "") } : {};
  return {
    status: 200,
    json: completion(body.model, { role: "assistant", content: null, tool_calls: [{ id: "call_1", type: "function", function: { name: "findTasks", arguments: JSON.stringify(args) } }] }, "tool_calls"),
  };
}

export async function startAiStub({ port = 0, slowMs = 5_000 }: { port?: number; slowMs?: number } = {}): Promise<AiStub> {
  const requests: AiStub["requests"] = [];
  const timers = new Set<NodeJS.Timeout>();
  const server = http.createServer((req, res) => {
    let raw = "";
    req.on("data", (chunk) => (raw += chunk));
    req.on("end", () => {
      if (req.method !== "POST" || !req.url?.endsWith("/chat/completions")) {
        res.writeHead(404, { "content-type": "application/json" }).end(JSON.stringify({ error: { message: "not found" } }));
        return;
      }
      const body = JSON.parse(raw) as StubRequest;
      requests.push({ authorization: req.headers.authorization, body });
      const reply = replyFor(body);
      const send = () => {
        if (!res.writableEnded) res.writeHead(reply.status, { "content-type": "application/json" }).end(JSON.stringify(reply.json));
      };
      if (reply.delay) {
        const timer = setTimeout(() => {
          timers.delete(timer);
          send();
        }, slowMs);
        timers.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) clearTimeout(t);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
