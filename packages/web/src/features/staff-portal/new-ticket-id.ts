/** The id segment that means "create" on the staff ticket screen: /tickets/new. */
export const NEW_TICKET_ID = "new";

export function isNewTicketId(id: string): boolean {
  return id === NEW_TICKET_ID;
}
