import { ApiError } from "@/lib/api-client/errors";
import { CHAT_CONNECTION_TROUBLE, CHAT_EMPTY_FALLBACK, CHAT_GENERIC_APOLOGY, CHAT_HIGH_DEMAND, CHAT_SESSION_EXPIRED, chatErrorReply, replyOrFallback } from "./chat-errors";

describe("spec §8 chat messages", () => {
  it("401: session expired", () => expect(chatErrorReply(new ApiError(401, "Unauthorized"))).toBe(CHAT_SESSION_EXPIRED));
  it("a message containing rate limit: high demand (ours and the provider's)", () => {
    expect(chatErrorReply(new ApiError(429, "Rate limit reached: you can send 20 messages a minute."))).toBe(CHAT_HIGH_DEMAND);
    expect(chatErrorReply(new ApiError(503, "The AI service's rate limit was reached."))).toBe(CHAT_HIGH_DEMAND);
  });
  it("a message containing API key: trouble connecting", () => expect(chatErrorReply(new ApiError(503, "The AI service did not accept the assistant's API key."))).toBe(CHAT_CONNECTION_TROUBLE));
  it("a provider timeout keeps the server's clear words", () => expect(chatErrorReply(new ApiError(504, "The AI service did not answer within 30 seconds."))).toBe("The AI service did not answer within 30 seconds."));
  it("anything else: an apology", () => {
    expect(chatErrorReply(new ApiError(500, "boom"))).toBe(CHAT_GENERIC_APOLOGY);
    expect(chatErrorReply(new TypeError("Failed to fetch"))).toBe(CHAT_GENERIC_APOLOGY);
  });
  it("an empty reply gives the fallback", () => {
    expect(replyOrFallback("  ")).toBe(CHAT_EMPTY_FALLBACK);
    expect(replyOrFallback("Hi")).toBe("Hi");
  });
});
