import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../test/render';
import { applyDayjsLocale } from '../i18n/i18n';
import { LocalDateField, LocalTimeField } from './local-date-fields';

/** A parent like the events page: it keeps the last whole date and ignores '' (an incomplete one). */
function KeepsWholeDays(props: { initial: string; seen: string[] }) {
  const [day, setDay] = useState(props.initial);
  return (
    <>
      <LocalDateField
        label="Sessions of"
        name="day"
        value={day}
        onChange={(v) => {
          props.seen.push(v);
          if (v) setDay(v);
        }}
      />
      <output data-testid="parent">{day}</output>
    </>
  );
}

const hidden = (name: string) => document.querySelector<HTMLInputElement>(`input[name="${name}"]`)!;

describe('date fields in the page language', () => {
  it('shows the day month first in English, day first in Spanish, year first in French (Canada)', async () => {
    const seen: string[] = [];
    const { unmount } = renderPage(<KeepsWholeDays initial="2026-03-05" seen={seen} />, { path: '/en/x' });
    expect(hidden('day').value).toBe('03/05/2026');
    unmount();
    await applyDayjsLocale('es'); // the app loads a language's calendar words when it switches to it
    await applyDayjsLocale('fr');
    await applyDayjsLocale('en');
    const es = renderPage(<KeepsWholeDays initial="2026-03-05" seen={seen} />, { path: '/es/x' });
    expect(hidden('day').value).toBe('05/03/2026');
    es.unmount();
    renderPage(<KeepsWholeDays initial="2026-03-05" seen={seen} />, { path: '/fr/x' });
    expect(hidden('day').value).toBe('2026-03-05');
  });

  it('keeps the sections being typed while the parent ignores an incomplete day, then gives the whole one', async () => {
    const user = userEvent.setup();
    const seen: string[] = [];
    renderPage(<KeepsWholeDays initial="2026-03-05" seen={seen} />, { path: '/en/x' });
    const group = screen.getByRole('group', { name: 'Sessions of' });
    const [month] = screen.getAllByRole('spinbutton');
    await user.click(month!);
    // clear the month: the day is incomplete, the parent keeps 2026-03-05, the field keeps its blank
    await user.keyboard('{Backspace}');
    expect(seen.at(-1)).toBe('');
    expect(screen.getByTestId('parent')).toHaveTextContent('2026-03-05');
    expect(group).toHaveTextContent(/MM/);
    await user.keyboard('11');
    expect(seen.at(-1)).toBe('2026-11-05');
    expect(screen.getByTestId('parent')).toHaveTextContent('2026-11-05');
    expect(hidden('day').value).toBe('11/05/2026');
  });

  it('gives a time as HH:mm, shown with AM/PM in English and 24 h in French', () => {
    const field = <LocalTimeField label="Time" name="t" value="21:05" onChange={() => undefined} />;
    const en = renderPage(field, { path: '/en/x' });
    expect(hidden('t').value).toBe('09:05 PM');
    en.unmount();
    renderPage(field, { path: '/fr/x' });
    expect(hidden('t').value).toBe('21:05');
  });
});
