/** Queued or Running: a run has the import (the server refuses to start it again meanwhile). */
export const running = (status: unknown) => status === 'Queued' || status === 'Running';

/**
 * Whether the import can still be changed and started: not while a run has it, nor once done (its rows are in).
 * A new or failed import can; its page offers Start import, its edit form the column mapping.
 */
export const changeable = (status: unknown) => !running(status) && status !== 'Done';
