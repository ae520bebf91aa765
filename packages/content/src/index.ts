// What the provider says about itself: its identity, its promises and packages, the words of its pages, the
// assistant's knowledge and the everyday requests it recognises. Plain data that imports no schema library
// (only types from @repo/validators/labels), so the prerendered marketing pages can read it without zod.
export * from "./site.js";
export * from "./promises.js";
export * from "./site-texts.js";
export * from "./knowledge.js";
export * from "./marketing-paths.js";
export * from "./datetime.js";
export * from "./support-topics.js";
export * from "./user-agent.js";
export * from "./site-content.js";
