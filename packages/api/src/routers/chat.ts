// The client's AI assistant (docs/product-spec.md §2 and §7): the company's conversation and sending a message.
// The panel's streaming variant is the plain SSE route POST /api/client/chat/stream (server/chat-stream.ts).
import type { TRPCRouterRecord } from "@trpc/server";
import { z } from "zod";
import { chatMessageInputSchema } from "@repo/validators";
import { checkChatLimit, chatHistory, chatMessageOutSchema, sendChatMessage } from "../assistant/chat.js";
import { clientProcedure, companyRead, rest } from "../trpc.js";

const tags = ["chat"];

export const chatRouter = {
  history: companyRead(
    rest("GET", "/client/chat", tags, "The company's conversation with the assistant, newest last"),
    z.array(chatMessageOutSchema),
    chatHistory,
  ),

  send: clientProcedure
    .meta(rest("POST", "/client/chat", tags, "Send a message; returns the assistant's reply"))
    .input(chatMessageInputSchema)
    // A valid message counts against the sender's chat limit before anything is stored: past it, 429. After
    // the input, so a refused message counts for nothing (as on the streaming route).
    .use(async ({ ctx, next }) => {
      await checkChatLimit(ctx);
      return next();
    })
    .output(chatMessageOutSchema)
    .mutation(async ({ ctx, input }) => (await sendChatMessage(ctx, input.content)).assistant),
} satisfies TRPCRouterRecord;
