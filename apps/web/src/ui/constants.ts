/** Spec §9: list pages hold 50 rows. */
export const PAGE_SIZE = 50;
/** Spec §9: inline search dropdowns show 5 options. */
export const INLINE_SEARCH_LIMIT = 5;
/** Spec §9: a running task (export, list load) is re-checked every 5 seconds when no live update came. */
export const TASK_POLL_MS = 5000;
/** Typing pauses this long before a search goes to the server. */
export const SEARCH_DEBOUNCE_MS = 300;
