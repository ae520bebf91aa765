export * from "./enums.js";
export * from "./labels.js";
export * from "./constants.js";
export * from "./forms.js";
export * from "./devices-api.js";
export * from "./tickets-api.js";
export * from "./api-limits.js";
export * from "./text.js";
