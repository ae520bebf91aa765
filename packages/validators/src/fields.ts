// The field rules every entity's inputs are made of: a required text, an email, an optional text, an id.
import { z } from "zod";
import { MAX_LENGTHS } from "./constants.js";
import { text } from "./text.js";

/** A text field that must not be empty; every field has a maximum length (MAX_LENGTHS). */
export const required = (message: string, max: number = MAX_LENGTHS.short) => text(max, message).trim().min(1, message);
export const email = (message: string) => text(MAX_LENGTHS.email, message).trim().pipe(z.email(message));
/** An optional text field that may arrive empty; the honeypot of the public forms uses it too. */
export const optionalText = (max: number = MAX_LENGTHS.short) => text(max).trim().optional();
/** An optional email field that may be left empty. */
export const optionalEmail = z
  .union([z.literal(""), text(MAX_LENGTHS.email).pipe(z.email("Invalid email address"))])
  .optional();
/** An id or a select's value: kept short, so a junk value is refused before it reaches a query. */
export const idText = () => text(MAX_LENGTHS.id).trim();
