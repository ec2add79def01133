import "server-only";
import { createAnthropic } from "@ai-sdk/anthropic";
import { createOpenAI } from "@ai-sdk/openai";
import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";

/**
 * Which model answers free text (docs/assistant.md). Settings, all server-side only:
 * - AI_PROVIDER: openai | anthropic | openai-compatible (inferred when left out: AI_BASE_URL
 *   means openai-compatible, else OPENAI_API_KEY means openai, ANTHROPIC_API_KEY anthropic);
 * - AI_MODEL: the model id (defaults: gpt-4o-mini, claude-3-5-haiku-latest; required for
 *   openai-compatible);
 * - AI_API_KEY (or OPENAI_API_KEY / ANTHROPIC_API_KEY), AI_BASE_URL;
 * - AI_TIMEOUT_MS (default 30000), AI_VISION (images go to the model; default on for OpenAI and
 *   Anthropic, off for openai-compatible unless "true").
 * None of these ever reaches the client: only `mode` does.
 */
export type ProviderKind = "openai" | "anthropic" | "openai-compatible";

export interface AssistantProvider {
  kind: ProviderKind;
  model: LanguageModel;
  modelId: string;
  timeoutMs: number;
  vision: boolean;
}

type Env = Record<string, string | undefined>;

const clean = (value: string | undefined) => value?.trim() || undefined;

export function providerKind(env: Env = process.env): ProviderKind | null {
  const explicit = clean(env.AI_PROVIDER)?.toLowerCase();
  if (explicit === "none" || explicit === "off") return null;
  if (explicit === "openai" || explicit === "anthropic" || explicit === "openai-compatible") return explicit;
  if (clean(env.AI_BASE_URL)) return "openai-compatible";
  if (clean(env.OPENAI_API_KEY) || (explicit === undefined && clean(env.AI_API_KEY) && clean(env.AI_MODEL)?.startsWith("gpt"))) return "openai";
  if (clean(env.ANTHROPIC_API_KEY)) return "anthropic";
  return null;
}

let cached: { signature: string; provider: AssistantProvider | null } | null = null;
/**
 * Set only by the e2e test hook (app/api/test-hooks/assistant): a local stub instead of the
 * server's settings. On globalThis, so every route bundle of the process sees the same value.
 */
const hook = globalThis as typeof globalThis & { __assistantStubForTests?: Env | null };

/** The e2e hook: point at a local OpenAI-compatible stub, or null to use the server's own settings again. */
export function setAssistantStubForTests(baseUrl: string | null): void {
  hook.__assistantStubForTests = baseUrl ? { AI_PROVIDER: "openai-compatible", AI_BASE_URL: baseUrl, AI_MODEL: "stub-model", AI_API_KEY: "e2e-stub-key", AI_TIMEOUT_MS: "15000" } : null;
}

/** The configured provider, or null: the assistant then runs in structured mode. */
export function getAssistantProvider(env: Env = hook.__assistantStubForTests ?? process.env): AssistantProvider | null {
  const signature = ["AI_PROVIDER", "AI_MODEL", "AI_API_KEY", "AI_BASE_URL", "AI_TIMEOUT_MS", "AI_VISION", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"].map((k) => env[k] ?? "").join("\u0000");
  if (cached?.signature === signature) return cached.provider;
  cached = { signature, provider: buildProvider(env) };
  return cached.provider;
}

function buildProvider(env: Env): AssistantProvider | null {
  const kind = providerKind(env);
  if (!kind) return null;
  const timeoutMs = Math.min(Math.max(Number(env.AI_TIMEOUT_MS) || 30_000, 1_000), 300_000);
  const visionSetting = clean(env.AI_VISION)?.toLowerCase();
  const baseURL = clean(env.AI_BASE_URL);
  if (kind === "openai") {
    const apiKey = clean(env.AI_API_KEY) ?? clean(env.OPENAI_API_KEY);
    if (!apiKey && !baseURL) return null;
    const modelId = clean(env.AI_MODEL) ?? "gpt-4o-mini";
    const openai = createOpenAI({ apiKey, baseURL });
    return { kind, model: openai.chat(modelId), modelId, timeoutMs, vision: visionSetting !== "false" };
  }
  if (kind === "anthropic") {
    const apiKey = clean(env.AI_API_KEY) ?? clean(env.ANTHROPIC_API_KEY);
    if (!apiKey) return null;
    const modelId = clean(env.AI_MODEL) ?? "claude-3-5-haiku-latest";
    const anthropic = createAnthropic({ apiKey, baseURL });
    return { kind, model: anthropic(modelId), modelId, timeoutMs, vision: visionSetting !== "false" };
  }
  const modelId = clean(env.AI_MODEL);
  if (!baseURL || !modelId) return null;
  const compatible = createOpenAICompatible({ name: "openai-compatible", baseURL, apiKey: clean(env.AI_API_KEY) });
  return { kind, model: compatible.chatModel(modelId), modelId, timeoutMs, vision: visionSetting === "true" };
}
