/** Spec §9: list pages hold 50 rows. */
export const PAGE_SIZE = 50;
/** Spec §9: inline search dropdowns show 5 options. */
export const INLINE_SEARCH_LIMIT = 5;
/** How often a running CSV export is asked for its progress. */
export const EXPORT_POLL_MS = 1000;
/** Typing pauses this long before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;
