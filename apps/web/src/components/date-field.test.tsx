import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { DateField } from './date-field';

/** The field as a screen holds it, with the value it would send shown beside it. */
function Screen({ initial = '', required = false }: { initial?: string; required?: boolean }) {
  const [value, setValue] = React.useState(initial);
  return (
    <>
      <DateField id="day" label="From" value={value} onChange={setValue} required={required} />
      <output aria-label="sent">{value}</output>
      <button type="button">elsewhere</button>
    </>
  );
}

const sent = () => screen.getByRole('status', { name: 'sent' });

afterEach(async () => {
  await setLocale('en');
});

describe('date field', () => {
  it('English: shows and takes month/day/year; the value stays YYYY-MM-DD', async () => {
    const user = userEvent.setup();
    render(<Screen initial="2026-11-29" />);
    const field = screen.getByRole('textbox', { name: 'From' });
    expect(field).toHaveValue('11/29/2026');
    expect(field).toHaveAttribute('placeholder', 'MM/DD/YYYY');
    await user.clear(field);
    await user.type(field, '3/7/2026');
    expect(sent()).toHaveTextContent('2026-03-07');
    await user.clear(field);
    expect(sent()).toHaveTextContent(/^$/);
  });

  it.each([
    ['zh-Hant', '從', '年/月/日'],
    ['zh-Hans', '从', '年/月/日'],
  ] as const)('%s: shows and takes year/month/day', async (locale, _label, placeholder) => {
    await setLocale(locale);
    const user = userEvent.setup();
    render(<Screen initial="2026-11-29" />);
    const field = screen.getByRole('textbox', { name: 'From' });
    expect(field).toHaveValue('2026/11/29');
    expect(field).toHaveAttribute('placeholder', placeholder);
    await user.clear(field);
    await user.type(field, '2026/2/3');
    expect(sent()).toHaveTextContent('2026-02-03');
  });

  it('a day the calendar does not have, or no date at all, is an error at the field once the reader leaves it', async () => {
    const user = userEvent.setup();
    render(<Screen initial="2026-01-01" />);
    const field = screen.getByRole('textbox', { name: 'From' });
    await user.clear(field);
    await user.type(field, '02/30/2026');
    // Nothing is sent for a day that is not one, and nothing is said while the reader is still typing.
    expect(sent()).toHaveTextContent(/^$/);
    expect(field).not.toHaveAttribute('aria-invalid');
    await user.tab();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription('There is no such day: check the month and the day');
    await user.clear(field);
    await user.type(field, 'soon');
    expect(field).toHaveAccessibleDescription(/^Enter a date as MM\/DD\/YYYY, such as \d{2}\/\d{2}\/\d{4}$/);
    await user.clear(field);
    await user.type(field, '02/28/2026');
    expect(field).not.toHaveAttribute('aria-invalid');
    expect(sent()).toHaveTextContent('2026-02-28');
  });

  it('zh-Hant: the error in Chinese', async () => {
    await setLocale('zh-Hant');
    const user = userEvent.setup();
    render(<Screen />);
    const field = screen.getByRole('textbox', { name: 'From' });
    await user.type(field, '2026/4/31');
    await user.tab();
    expect(field).toHaveAccessibleDescription('沒有這一天，請檢查月份和日期');
  });

  it('picks a day from a calendar by keyboard, in the reader’s language, and gives the focus back', async () => {
    await setLocale('zh-Hant');
    const user = userEvent.setup();
    render(<Screen initial="2026-11-29" />);
    const button = screen.getByRole('button', { name: '選擇日期：From' });
    await user.click(button);
    const dialog = await screen.findByRole('dialog', { name: '選擇日期：From' });
    const grid = await within(dialog).findByRole('grid', { name: '2026年11月' });
    // The chosen day has the focus; the arrow keys move by days and weeks, Enter picks.
    await waitFor(() => expect(within(grid).getByRole('button', { name: /2026年11月29日/ })).toHaveFocus());
    await user.keyboard('{ArrowLeft}{ArrowUp}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(sent()).toHaveTextContent('2026-11-21');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('2026/11/21');
    expect(button).toHaveFocus();
  });

  it('English calendar: the next month by its labelled button, a day by click', async () => {
    const user = userEvent.setup();
    render(<Screen initial="2026-01-31" />);
    await user.click(screen.getByRole('button', { name: 'Choose a date: From' }));
    const dialog = await screen.findByRole('dialog', { name: 'Choose a date: From' });
    await within(dialog).findByRole('grid', { name: 'January 2026' });
    await user.click(within(dialog).getByRole('button', { name: /next month/i }));
    const february = await within(dialog).findByRole('grid', { name: 'February 2026' });
    await user.click(within(february).getByRole('button', { name: /February 14th, 2026/ }));
    expect(sent()).toHaveTextContent('2026-02-14');
    expect(screen.getByRole('textbox', { name: 'From' })).toHaveValue('02/14/2026');
  });
});
