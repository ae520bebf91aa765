// The contact form's rules, in a chunk of their own with the schema library (see usePublicForm).
export { contactInputSchema } from "@repo/validators";
