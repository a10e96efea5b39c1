import { describe, expect, it, vi } from 'vitest';
import { fakeFeed } from '../test/fake-feed.js';
import { createJsonCache, MAX_CACHED_KEYS } from './json-cache.js';

describe('json cache', () => {
  it('loads once per generation and per key', async () => {
    const { feed, bump } = fakeFeed();
    const cache = createJsonCache(feed, 'products');
    const load = vi.fn(async () => [{ n: load.mock.calls.length }]);

    expect((await cache.get('all', load)).json).toBe('[{"n":1}]');
    expect((await cache.get('all', load)).json).toBe('[{"n":1}]');
    expect((await cache.get('6', load)).json).toBe('[{"n":2}]');
    expect(load).toHaveBeenCalledTimes(2);

    bump();
    expect((await cache.get('all', load)).json).toBe('[{"n":3}]');
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('does not keep a read that overlapped a change', async () => {
    const { feed, bump } = fakeFeed();
    const cache = createJsonCache(feed, 'reviews');
    let calls = 0;
    const load = async () => {
      calls += 1;
      // A write commits while this read is in flight: what it read may be old.
      if (calls === 1) bump();
      return { calls };
    };
    expect((await cache.get('all', load)).json).toBe('{"calls":1}');
    expect((await cache.get('all', load)).json).toBe('{"calls":2}');
    expect((await cache.get('all', load)).json).toBe('{"calls":2}');
  });

  it('reads through while changes cannot be seen', async () => {
    const { feed, setDown } = fakeFeed();
    const cache = createJsonCache(feed, 'products');
    const load = vi.fn(async () => []);
    await cache.get('all', load);
    setDown(true);
    await cache.get('all', load);
    await cache.get('all', load);
    expect(load).toHaveBeenCalledTimes(3);
  });

  it('keeps at most MAX_CACHED_KEYS answers, dropping the least recently used', async () => {
    const { feed } = fakeFeed();
    const cache = createJsonCache(feed, 'reviews');
    const load = vi.fn(async () => []);
    await cache.get('home', load);
    for (let i = 0; i < MAX_CACHED_KEYS * 3; i += 1) {
      await cache.get(`junk-${i}`, load);
      // The home page's list is asked for all the time: it stays.
      if (i % 10 === 0) await cache.get('home', load);
    }
    expect(cache.size).toBe(MAX_CACHED_KEYS);
    load.mockClear();
    await cache.get('home', load);
    await cache.get(`junk-${MAX_CACHED_KEYS * 3 - 1}`, load);
    expect(load).not.toHaveBeenCalled();
    await cache.get('junk-0', load);
    expect(load).toHaveBeenCalledTimes(1);
  });
});
