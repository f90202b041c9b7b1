import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/harness.js';

describe('OpenAPI document', () => {
  it('describes the auth, user, group, event-log, setting, outbox and job-run routes', async () => {
    const { app } = await createTestApp();
    const res = await app.inject({ method: 'GET', url: '/api/docs.json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    for (const p of [
      '/authentication',
      '/authentication/refreshToken',
      '/authentication/impersonate',
      '/api/authentication/stop-impersonate',
      '/authentication/forgot-password',
      '/authentication/recover-password',
      '/authentication/password-change',
      '/api/User/Current',
      '/api/User',
      '/api/User/{id}',
      '/api/User/profile',
      '/api/User/{id}/affected-users',
      '/api/UserGroup',
      '/api/UserGroup/current',
      '/api/EventLog',
      '/api/Setting/WarningMessage',
      '/api/outbox',
      '/api/Jobs/runs',
    ]) {
      expect(paths, p).toContain(p);
    }
    const del = res.json().paths['/api/User/{id}'].delete;
    expect(del.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['validate', 'force']),
    );
  });
});
