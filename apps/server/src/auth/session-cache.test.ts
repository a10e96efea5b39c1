import { describe, expect, it } from 'vitest';
import { fakeFeed } from '../test/fake-feed.js';
import { createSessionCache, MAX_CACHED_SESSIONS } from './session-cache.js';
import type { TokenSession } from './sessions.repository.js';

const session = (id: string): TokenSession => ({
  user: { id, email: `${id}@example.com`, displayName: id, role: 'user', emailVerified: false },
  expiresAt: '2999-01-01T00:00:00.000Z',
});

/** A lookup that counts its reads and answers from `live` (a signed-out session is absent). */
function countingLookup(live: Set<string>) {
  const reads = { count: 0 };
  const lookup = async (userId: string, sessionId: string) => {
    reads.count += 1;
    return live.has(`${userId}/${sessionId}`) ? session(userId) : undefined;
  };
  return { reads, lookup };
}

describe('the session cache of API tokens', () => {
  it('reads a session once while neither users nor sessions change', async () => {
    const { feed } = fakeFeed();
    const { reads, lookup } = countingLookup(new Set(['u1/s1']));
    const cache = createSessionCache(feed, lookup);
    for (let i = 0; i < 5; i += 1) expect(await cache.find('u1', 's1')).toEqual(session('u1'));
    expect(reads.count).toBe(1);
  });

  it('reads again after a sign-out, a user change or a confirmed email, and then refuses the ended session', async () => {
    for (const table of ['auth_session', 'users', 'auth_user'] as const) {
      const { feed, bump } = fakeFeed();
      const live = new Set(['u1/s1']);
      const { reads, lookup } = countingLookup(live);
      const cache = createSessionCache(feed, lookup);
      expect(await cache.find('u1', 's1')).toBeDefined();
      live.delete('u1/s1');
      bump(table);
      expect(await cache.find('u1', 's1')).toBeUndefined();
      expect(await cache.find('u1', 's1')).toBeUndefined();
      expect(reads.count).toBe(3);
    }
  });

  it('keeps nothing read while a change happened, nor anything while notifications are down', async () => {
    const { feed, bump, setDown } = fakeFeed();
    const live = new Set(['u1/s1']);
    let signOutDuringRead = true;
    const reads = { count: 0 };
    const cache = createSessionCache(feed, async (userId, sessionId) => {
      reads.count += 1;
      const found = live.has(`${userId}/${sessionId}`) ? session(userId) : undefined;
      if (signOutDuringRead) {
        live.delete(`${userId}/${sessionId}`);
        bump('auth_session');
        signOutDuringRead = false;
      }
      return found;
    });
    // The read saw the session, but it ended while being read: not kept.
    expect(await cache.find('u1', 's1')).toBeDefined();
    expect(await cache.find('u1', 's1')).toBeUndefined();
    expect(cache.size).toBe(0);

    live.add('u1/s1');
    setDown(true);
    await cache.find('u1', 's1');
    await cache.find('u1', 's1');
    expect(cache.size).toBe(0);
    expect(reads.count).toBe(4);
  });

  it('keeps sessions apart and at most MAX_CACHED_SESSIONS of them', async () => {
    const { feed } = fakeFeed();
    const cache = createSessionCache(feed, async (userId) => session(userId));
    expect((await cache.find('u1', 's1'))?.user.id).toBe('u1');
    expect((await cache.find('u2', 's1'))?.user.id).toBe('u2');
    for (let i = 0; i < MAX_CACHED_SESSIONS + 10; i += 1) await cache.find(`u${i}`, `s${i}`);
    expect(cache.size).toBe(MAX_CACHED_SESSIONS);
  });
});
