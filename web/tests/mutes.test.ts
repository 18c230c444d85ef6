import { beforeEach, describe, expect, it } from 'vitest';
import { mutedBy, mutes, setMuted } from '../src/lib/mutes';

describe('mutes', () => {
  beforeEach(() => {
    mutes.value = {};
  });

  it('are kept per viewer', () => {
    setMuted('me', 'u1', 'Alice', true);
    setMuted('me', 'u2', 'Bob', true);
    setMuted('other', 'u3', 'Carol', true);
    expect(mutedBy('me')).toEqual({ u1: 'Alice', u2: 'Bob' });
    expect(mutedBy('other')).toEqual({ u3: 'Carol' });
    expect(mutedBy(null)).toEqual({});
    setMuted('me', 'u1', 'Alice', false);
    expect(mutedBy('me')).toEqual({ u2: 'Bob' });
  });
});
