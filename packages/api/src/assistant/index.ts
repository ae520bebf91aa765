// Chooses the assistant's engine from the configuration: the OpenAI-compatible one when AI_BASE_URL,
// AI_API_KEY and AI_MODEL are all set (falling back to the embedded one on failure), the embedded one
// otherwise.
import type { Config } from "../config.js";
import { EmbeddedAssistant } from "./embedded.js";
import { KnowledgeBase } from "./knowledge-index.js";
import { OpenAiAssistant, type OpenAiAssistantOptions } from "./openai.js";
import type { Assistant } from "./types.js";

export type { Assistant } from "./types.js";

export function createAssistant(
  config: Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">,
  options: Pick<OpenAiAssistantOptions, "timeoutMs" | "maxRounds" | "historyMessages" | "historyChars"> = {},
): Assistant {
  const knowledge = new KnowledgeBase();
  const embedded = new EmbeddedAssistant(knowledge);
  if (!config.AI_BASE_URL || !config.AI_API_KEY || !config.AI_MODEL) return embedded;
  return new OpenAiAssistant({
    baseURL: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    fallback: embedded,
    knowledge,
    ...options,
  });
}
