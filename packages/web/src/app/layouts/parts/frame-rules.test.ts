import { describe, expect, it } from 'vitest';
import { snackbarDuration } from '../../../components/notifications';
import { initialPaneState, nextPaneState, paneWidth } from './left-pane-state';
import { nextHeaderVisibility } from './mobile-header';

describe('snackbar duration', () => {
  it('is 4000 ms, or 10000 ms over 100 characters', () => {
    expect(snackbarDuration('Saved')).toBe(4000);
    expect(snackbarDuration('x'.repeat(100))).toBe(4000);
    expect(snackbarDuration('x'.repeat(101))).toBe(10_000);
  });
});

describe('mobile header', () => {
  it('hides on scroll down and shows on scroll up, ignoring moves under 10 px', () => {
    let s = { visible: true, lastTop: 0 };
    s = nextHeaderVisibility(s, 9);
    expect(s).toEqual({ visible: true, lastTop: 0 });
    s = nextHeaderVisibility(s, 10);
    expect(s).toEqual({ visible: false, lastTop: 10 });
    s = nextHeaderVisibility(s, 200);
    expect(s.visible).toBe(false);
    s = nextHeaderVisibility(s, 195);
    expect(s.visible).toBe(false);
    s = nextHeaderVisibility(s, 150);
    expect(s).toEqual({ visible: true, lastTop: 150 });
  });
});

describe('left pane', () => {
  it('opens on load unless it was closed', () => {
    expect(initialPaneState(null)).toBe('open');
    expect(initialPaneState('')).toBe('open');
    expect(initialPaneState('semiClosed')).toBe('open');
    expect(initialPaneState('closed')).toBe('closed');
  });
  it('has the widths 400, 200 and 80', () => {
    expect(['open', 'semiClosed', 'closed'].map((s) => paneWidth(s as 'open'))).toEqual([400, 200, 80]);
    expect(nextPaneState('open')).toBe('semiClosed');
    expect(nextPaneState('closed')).toBe('open');
  });
});
