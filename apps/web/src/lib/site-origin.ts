/**
 * The shop's address (`https://shop.example`) that canonical addresses, Open Graph tags and
 * structured data are written with. A page the server drew names the server's (its PUBLIC_URL),
 * so the browser writes the same tags when it takes the page over; otherwise the page's own.
 */
let known: string | undefined;

export function setSiteOrigin(origin: string): void {
  known = origin;
}

export function siteOrigin(): string {
  return known ?? window.location.origin;
}
