import { describe, expect, it } from 'vitest';
import { paths } from './paths';

describe('paths', () => {
  it('keeps each route pattern for the router', () => {
    expect(paths.home.path).toBe('');
    expect(paths.dashboard.path).toBe('dashboard/:id');
    expect(paths.liveViewQueue.path).toBe('liveview/queue/:id?/:lang?');
  });

  it('builds links with the language prefix and encoded parameters', () => {
    expect(paths.home('fr')).toBe('/fr');
    expect(paths.settingsUsers('es')).toBe('/es/settings/users');
    expect(paths.dashboard('en', 'a b/c')).toBe('/en/dashboard/a%20b%2Fc');
    expect(paths.monitoringDevice('fr', 'AA:BB')).toBe('/fr/monitoring/devices/AA%3ABB');
  });

  it('drops an absent optional parameter and keeps the ones given', () => {
    expect(paths.liveView('en')).toBe('/en/liveview');
    expect(paths.liveView('en', null)).toBe('/en/liveview');
    expect(paths.liveView('en', '7')).toBe('/en/liveview/7');
    expect(paths.liveViewQueue('fr', '7')).toBe('/fr/liveview/queue/7');
    expect(paths.settingsImport('en', 'node-1')).toBe('/en/settings/imports/node-1');
    expect(paths.settingsImport('en', 'node-1', '3')).toBe('/en/settings/imports/node-1/3');
  });

  it('adds the query of the sign-in and unauthorized pages', () => {
    expect(paths.login('en')).toBe('/en/login');
    expect(paths.login('fr', '/fr/settings/users')).toBe('/fr/login?redirect=%2Ffr%2Fsettings%2Fusers');
    expect(paths.unauthorizedAccess('es', '/es/monitoring')).toBe(
      '/es/unauthorizedAccess?redirectFrom=%2Fes%2Fmonitoring',
    );
  });

  it('types the link arguments from the pattern', () => {
    // @ts-expect-error the dashboard id is required
    expect(paths.dashboard('en')).toBe('/en/dashboard/');
    // @ts-expect-error the settings page takes no parameter
    expect(paths.settingsUsers('en', 'x')).toBe('/en/settings/users');
  });
});
