// Who the provider is, as its admin set it at the first run (docs/features.md §19): for now its name,
// which signs the mails. Absent row: the built-in identity of @repo/content.
import { site } from "@repo/content";
import { z } from "zod";
import { storedSettings } from "./stored.js";

export interface Identity {
  name: string;
}

const stored = storedSettings<Identity>(
  "identity",
  z.object({ name: z.string().min(1) }),
  { name: site.name },
  {
    cacheMs: 15_000,
  },
);
export const readIdentity = stored.read;
export const writeIdentity = stored.write;
