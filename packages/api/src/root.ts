// The app router: one entry per domain. REST paths come from each procedure's openapi meta.
import { authRouter } from "./routers/auth.js";
import { devicesRouter } from "./routers/devices.js";
import { createCallerFactory, createTRPCRouter } from "./trpc.js";

export const appRouter = createTRPCRouter({
  auth: authRouter,
  devices: devicesRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
