// The look and feel's numbers (docs/product-spec.md §9): toasts, tooltips and the sizes of a few page parts.

export const TOASTS = {
  limit: 1,
  durationMs: 5000,
  swipeThresholdPx: 50,
  focusHotkey: "F8",
  purgeAfterMs: 1_000_000,
  viewportMaxWidthPx: 420,
  /** Below a person's own toasts: a live message never covers their confirmation (app/toasts.tsx). */
  livePriority: -1,
} as const;

export const TOOLTIP = { openDelayMs: 700, skipDelayMs: 300 } as const;

export const LAYOUT = { chatPanelHeightPx: 600, aboutHeroHeightPx: 300, messageRows: 5 } as const;

/**
 * For user-written text beside badges (a ticket's title, a mail's address): it may break anywhere, so a
 * long unbroken word wraps instead of widening its table column or squeezing the badges.
 */
export const WRAP_ANYWHERE = { overflowWrap: "anywhere", minWidth: 0 } as const;

/** How long typing pauses before a search goes to the server (the paged lists of docs/architecture.md §8). */
export const SEARCH_PAUSE_MS = 250;
