export type { AppRouter } from "./root.js";
export type { DomainEvent, DomainEventType, TicketEventType } from "./events.js";
