import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useT } from '@/lib/i18n/use-t';
import { LanguageSelect } from './language-select';

function Screen() {
  const t = useT();
  return (
    <main>
      <LanguageSelect />
      <h1>{t('login.title')}</h1>
      <input aria-label="typed" />
    </main>
  );
}

describe('language select (screens before sign-in)', () => {
  it('switches the screen at once, keeps the choice on this browser and sets <html lang>', async () => {
    const user = userEvent.setup();
    render(<Screen />);
    expect(screen.getByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    // What the user typed survives the switch: the screen is re-rendered, not reloaded.
    await user.type(screen.getByLabelText('typed'), 'kept');

    await user.selectOptions(screen.getByLabelText('Language'), '繁體中文');
    expect(await screen.findByRole('heading', { name: '管理後台' })).toBeInTheDocument();
    expect(screen.getByLabelText('語言')).toHaveValue('zh-Hant');
    expect(localStorage.getItem('language')).toBe('zh-Hant');
    expect(document.documentElement.lang).toBe('zh-Hant');
    expect(screen.getByLabelText('typed')).toHaveValue('kept');

    await user.selectOptions(screen.getByLabelText('語言'), '简体中文');
    expect(await screen.findByRole('heading', { name: '管理后台' })).toBeInTheDocument();
    expect(localStorage.getItem('language')).toBe('zh-Hans');
    expect(document.documentElement.lang).toBe('zh-Hans');

    await user.selectOptions(screen.getByLabelText('语言'), 'English');
    expect(await screen.findByRole('heading', { name: 'Admin Portal' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
  });

  it('names each language in itself, whatever the active language', () => {
    render(<LanguageSelect />);
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'English',
      '繁體中文',
      '简体中文',
    ]);
  });
});
