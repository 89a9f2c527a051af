import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import * as React from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DeferredSelect } from './deferred-select';

const OPTIONS = [
  { value: 'storeCard', label: 'Store Card' },
  { value: 'generic', label: 'Generic' },
];

function Harness({ onChange = vi.fn(), disabled = false }: { onChange?: (value: string) => void; disabled?: boolean }) {
  const [value, setValue] = React.useState('storeCard');
  return (
    <>
      <label htmlFor="style">Card Style</label>
      <DeferredSelect
        id="style"
        value={value}
        options={OPTIONS}
        disabled={disabled}
        onValueChange={(next) => {
          setValue(next);
          onChange(next);
        }}
      />
      <button type="button">elsewhere</button>
    </>
  );
}

const combobox = () => screen.getByRole('combobox', { name: 'Card Style' });

describe('DeferredSelect', () => {
  it('shows the value in a closed combobox named by its label before its code is loaded', () => {
    render(<Harness />);
    expect(combobox()).toHaveTextContent('Store Card');
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
    expect(combobox()).toHaveAttribute('data-state', 'closed');
  });

  it('opens on a press made before the select has loaded, and a choice changes the value', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    // The press alone, with no pointer over it first: with user.click, the code could arrive between the hover
    // and the press, whose events then went to the stand-in already replaced (which no real pointer does).
    fireEvent.pointerDown(combobox(), { button: 0, pointerType: 'mouse' });
    await user.click(await screen.findByRole('option', { name: 'Generic' }));
    expect(onChange).toHaveBeenCalledWith('generic');
    await waitFor(() => expect(combobox()).toHaveTextContent('Generic'));
    expect(combobox()).toHaveAttribute('aria-expanded', 'false');
  });

  it('keeps the keyboard focus when the real select takes over, opens with Enter and gives the focus back', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.tab();
    expect(combobox()).toHaveFocus();
    // Let the select's code arrive and replace the stand-in.
    await act(() => import('./deferred-select-menu'));
    expect(combobox()).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('option', { name: 'Store Card' })).toBeInTheDocument();
    await user.keyboard('{ArrowDown}{Enter}');
    expect(combobox()).toHaveTextContent('Generic');
    expect(combobox()).toHaveFocus();
  });

  it('is inert when disabled', async () => {
    const user = userEvent.setup();
    render(<Harness disabled />);
    expect(combobox()).toBeDisabled();
    await user.click(combobox());
    expect(screen.queryByRole('option')).not.toBeInTheDocument();
  });
});
