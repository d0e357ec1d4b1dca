/** A reason a project cannot be loaded, worded for the staff who see it on the project (ErrorLoading). */
export class ProjectLoadError extends Error {}

export const projectLoadMessages = {
  notAwaiting: 'The project is not waiting to be loaded',
  notAwaitingUnload: 'The project is not waiting to be unloaded',
  alreadyRunning: 'The project is being loaded or unloaded; wait until it has finished',
  noList: 'The project has no list to load',
  listNotLoaded: "The project's list is not loaded yet",
  noMessage: 'The project has no message',
  noActivePhone: 'The project has no Active phone to send from',
  failed: 'The project could not be loaded; try again, and tell support if it fails again',
  unloadFailed: 'The project could not be unloaded; try again, and tell support if it fails again',
} as const;
