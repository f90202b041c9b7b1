import { describe, expect, it } from 'vitest';
import { AppError } from './errors.js';
import { principalOf } from './principal.js';

describe('principalOf', () => {
  it('returns the signed-in user of the request', () => {
    const principal = { userId: 'u1', username: 'ann', roles: ['User' as const], scopeNodeId: 'n1' };
    expect(principalOf({ principal })).toBe(principal);
  });
  it('answers 401 for a request without one instead of passing null on', () => {
    const call = () => principalOf({ principal: null });
    expect(call).toThrow(AppError);
    expect(call).toThrow(expect.objectContaining({ statusCode: 401, code: 'unauthorized' }));
  });
});
