export * from "./enums.js";
export * from "./labels.js";
export * from "./constants.js";
export * from "./site.js";
export * from "./forms.js";
export * from "./devices-api.js";
export * from "./knowledge.js";
export * from "./tickets-api.js";
