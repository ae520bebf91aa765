// The public ticket form's rules, in a chunk of their own with the schema library (see usePublicForm).
export { publicTicketCreateInputSchema } from "@repo/validators";
