import { describe, expect, it } from 'vitest';
import { Backoff } from '../src/lib/backoff';

describe('reconnect backoff', () => {
  it('grows exponentially up to the cap, with jitter inside its bounds', () => {
    const b = new Backoff({ base: 100, max: 1000, factor: 2, jitter: 0, random: () => 0.5 });
    expect([b.next(), b.next(), b.next(), b.next(), b.next(), b.next()]).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(b.attempts).toBe(6);
  });

  it('draws each delay between half and all of the nominal delay', () => {
    const low = new Backoff({ base: 1000, jitter: 0.5, random: () => 0 });
    const high = new Backoff({ base: 1000, jitter: 0.5, random: () => 0.999999 });
    expect(low.next()).toBe(500);
    expect(high.next()).toBe(1000);
  });

  it('starts again after a reset', () => {
    const b = new Backoff({ base: 50, jitter: 0 });
    b.next();
    b.next();
    b.reset();
    expect(b.attempts).toBe(0);
    expect(b.next()).toBe(50);
  });
});
