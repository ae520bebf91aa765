export type { AppRouter } from "./root.js";
export type { DomainEvent, DomainEventType } from "./events.js";
