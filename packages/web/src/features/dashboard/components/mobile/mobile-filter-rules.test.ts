import { describe, expect, it } from 'vitest';
import { mobileApplyState } from './mobile-filter-rules';

describe('mobile filter Apply button', () => {
  const base = { custom: false, locationChanged: false, periodPicked: false, customInvalid: false };
  it('is hidden while nothing changed and the period is a preset', () => {
    expect(mobileApplyState(base)).toEqual({ shown: false, enabled: false });
  });
  it('shows (enabled) when the location changed or a new period was picked', () => {
    expect(mobileApplyState({ ...base, locationChanged: true })).toEqual({ shown: true, enabled: true });
    expect(mobileApplyState({ ...base, periodPicked: true })).toEqual({ shown: true, enabled: true });
  });
  it('always shows for a custom period, disabled while it is invalid', () => {
    expect(mobileApplyState({ ...base, custom: true, customInvalid: true })).toEqual({
      shown: true,
      enabled: false,
    });
    expect(mobileApplyState({ ...base, custom: true })).toEqual({ shown: true, enabled: true });
    // a changed location does not make an invalid custom period applicable
    expect(
      mobileApplyState({ ...base, custom: true, customInvalid: true, locationChanged: true }).enabled,
    ).toBe(false);
  });
  it('ignores the custom validity for presets', () => {
    expect(mobileApplyState({ ...base, periodPicked: true, customInvalid: true }).enabled).toBe(true);
  });
});
