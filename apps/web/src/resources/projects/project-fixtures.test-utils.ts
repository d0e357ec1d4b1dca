/** Test fixtures shared by the project screens' tests (the fake server's answers). */

export const can = { __typename: 'RecordAbilities', update: true, destroy: true, export: true, favorite: true };

/**
 * The anchor's ProjectLifecycle answer for a project in `projectStatus`, offering no action, transition or status
 * option: for tests of a tab or section that only need the header to render.
 */
export const quietLifecycle = (projectStatus: string, projectStatusGroup: string) => ({
  __typename: 'Project',
  id: '12',
  projectStatus,
  projectStatusGroup,
  deliveryType: 'External',
  isPaused: false,
  availableActions: [],
  availableTransitions: [],
  statusOptions: [],
  canPauseOrResume: false,
  waitsFor: [],
  loadTask: null,
  can,
});
