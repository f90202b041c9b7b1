import { ACCESS } from '../../platform/http/access-groups.js';
import { makeUser } from '../../test/factories.js';
import { scoped, type MatrixRequestContext, type MatrixTable } from '../../test/access-matrix.js';

/**
 * Impersonation: admin-kind and Impersonator only, and only a user whose scope lies inside the
 * caller's (404 outside, as if absent). The target is a fresh plain User scoped to the context's group.
 * Stop-impersonate and password-change are open to every signed-in user.
 */
const CAN_IMPERSONATE = ACCESS.impersonators.roles;

const impersonate = (url: string) => ({
  request: async (m: MatrixRequestContext) => {
    const target = await makeUser(m.t.db, { roles: ['User'], scopeNodeId: m.target.group.id });
    return { url, payload: { targetUsername: target.username } };
  },
  expect: scoped(200, CAN_IMPERSONATE),
});

export const accessMatrix: MatrixTable = {
  'POST /authentication/impersonate': impersonate('/authentication/impersonate'),
  'POST /api/authentication/impersonate': impersonate('/api/authentication/impersonate'),
  // Every role reaches the handler; the matrix caller carries a plain (not impersonating) token, so the
  // answer is "not impersonating anyone" (400). The 200 of a real impersonation session is asserted in
  // impersonation.test.ts (the matrix cannot swap the caller's token without breaking its 401 probe).
  'POST /api/authentication/stop-impersonate': {
    request: () => ({ url: '/api/authentication/stop-impersonate' }),
    expect: () => 400,
  },
  // one's own password: the fresh caller knows its factory password
  'POST /authentication/password-change': {
    request: (m) => ({
      url: '/authentication/password-change',
      payload: { oldPassword: m.actor.password, newPassword: 'Matrix-changed-9' },
    }),
    expect: () => 200,
  },
};
