import { cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { PageMeta } from './page-meta';

const head = () => document.head;
const descriptions = () =>
  [...head().querySelectorAll('meta[name="description"]')].map((m) => m.getAttribute('content'));

describe('PageMeta', () => {
  beforeEach(() => {
    // index.html's default description.
    const meta = document.createElement('meta');
    meta.setAttribute('data-default', '');
    meta.name = 'description';
    meta.content = 'The shop';
    head().append(meta);
  });
  afterEach(() => {
    // Unmounted first: React takes its own tags out of the head.
    cleanup();
    head().innerHTML = '';
  });

  it("puts the page's title, description and canonical address in the head, and takes the default description out while it shows", () => {
    const { unmount } = render(
      <PageMeta title="Our Tools" description="All products" canonicalPath="/products?q=atx" />,
    );
    expect(document.title).toBe('Our Tools | CaseForge');
    expect(descriptions()).toEqual(['All products']);
    expect(head().querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/products?q=atx`,
    );
    // Every page has its Open Graph tags (DESIGN.md section 15), the shop's image without its
    // own, the site's name and a large card (ux 2026-11-28 #31).
    const og = (property: string) =>
      head().querySelector(`meta[property="og:${property}"]`)?.getAttribute('content');
    expect(og('type')).toBe('website');
    expect(og('title')).toBe('Our Tools');
    expect(og('url')).toBe(`${window.location.origin}/products?q=atx`);
    expect(og('image')).toBe(`${window.location.origin}/images/og/caseforge.jpg`);
    expect(og('image:width')).toBe('1200');
    expect(og('image:height')).toBe('630');
    expect(og('site_name')).toBe('CaseForge');
    expect(head().querySelector('meta[name="twitter:card"]')).toHaveAttribute(
      'content',
      'summary_large_image',
    );
    unmount();
    expect(head().querySelector('meta[property^="og:"]')).toBeNull();
    expect(descriptions()).toEqual(['The shop']);
    expect(head().querySelector('link[rel="canonical"]')).toBeNull();
  });

  it('ux 2026-11-28 #31: with a PNG or JPEG image, gives link previews that image', () => {
    render(
      <PageMeta
        title="Vortex RGB"
        description="A gaming case"
        canonicalPath="/products/65a1b2c3d4e5f60718293a4b"
        image="/uploads/vortex.jpg"
        type="product"
      />,
    );
    const og = (property: string) =>
      head().querySelector(`meta[property="og:${property}"]`)?.getAttribute('content');
    expect(og('image')).toBe(`${window.location.origin}/uploads/vortex.jpg`);
    // The size and words are the shop image's only.
    expect(og('image:width')).toBeUndefined();
  });

  it('ux 2026-11-28 #31: with an SVG image, gives link previews the shop image instead', () => {
    render(
      <PageMeta
        title="Vortex RGB"
        description="A gaming case"
        canonicalPath="/products/65a1b2c3d4e5f60718293a4b"
        image="/images/products/vortex.svg"
        type="product"
      />,
    );
    const og = (property: string) =>
      head().querySelector(`meta[property="og:${property}"]`)?.getAttribute('content');
    expect(og('type')).toBe('product');
    expect(og('title')).toBe('Vortex RGB');
    expect(og('description')).toBe('A gaming case');
    expect(og('image')).toBe(`${window.location.origin}/images/og/caseforge.jpg`);
    expect(og('url')).toBe(`${window.location.origin}/products/65a1b2c3d4e5f60718293a4b`);
  });
});
