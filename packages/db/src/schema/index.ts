export * from "./enums.js";
export * from "./clients.js";
export * from "./auth.js";
export * from "./tickets.js";
export * from "./portal.js";
export * from "./public.js";
export * from "./outbox.js";
export * from "./mail-in.js";
