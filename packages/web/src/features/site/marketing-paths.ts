// The marketing routes are listed once, beside their page texts in @repo/content.
export { MARKETING_PATHS } from "@repo/content";
