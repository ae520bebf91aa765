// The knowledge base's settings (docs/features.md §17): the months after which an article's review is due.
// Absent row: the defaults.
import { KNOWLEDGE_SETTINGS_DEFAULTS, type KnowledgeSettings, knowledgeSettingsSchema } from "@repo/validators";
import { storedSettings } from "./stored.js";

const stored = storedSettings<KnowledgeSettings>("knowledge", knowledgeSettingsSchema, KNOWLEDGE_SETTINGS_DEFAULTS);
export const readKnowledgeSettings = stored.read;
export const writeKnowledgeSettings = stored.write;
