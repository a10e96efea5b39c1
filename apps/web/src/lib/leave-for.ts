/**
 * The browser leaves the app for another site (Google's sign-in). One place, so a test can see
 * where it would go: jsdom's `location` cannot be replaced or spied on.
 */
export function leaveFor(url: string): void {
  window.location.assign(url);
}
