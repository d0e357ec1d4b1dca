/** Leaves the single-page app for another site (admin login). Its own module so tests can observe it. */
export function goToExternal(url: string): void {
  window.location.assign(url);
}
