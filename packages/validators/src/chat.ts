// What a client sends the assistant (docs/product-spec.md §5).
import { z } from "zod";
import { MIN_LENGTHS, MAX_LENGTHS } from "./constants.js";
import { text } from "./text.js";

export const chatMessageInputSchema = z.object({
  content: text(MAX_LENGTHS.chatMessage, "Message is required")
    .trim()
    .min(MIN_LENGTHS.chatMessage, "Message is required")
    .max(MAX_LENGTHS.chatMessage, "Message is too long"),
});
export type ChatMessageInput = z.infer<typeof chatMessageInputSchema>;
