import type { PublicJoinInfo } from '@loyalty/contracts';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { DetailsForm } from './details-form';

vi.mock('./public-api', () => ({ postJoin: vi.fn(async () => ({ membershipCode: 'M000001' })) }));
vi.mock('./customer-firebase', () => ({ customerToken: async () => 'customer-token' }));

const info: PublicJoinInfo = {
  slug: 'blue-bottle',
  storeName: 'Blue Bottle',
  logoUrl: null,
  backgroundColor: '#111111',
  foregroundColor: '#ffffff',
  labelColor: '#eeeeee',
  requireEmail: false,
  termsUrl: 'https://example.test/terms',
  allowedCountries: [],
  welcomePoints: 0,
};

// The join page refuses what the contract refuses (invisible fillers, line breaks), at the field and
// in the page's language, before any call.
describe('the join page’s details form', () => {
  afterEach(() => setLocale('en'));

  it.each([
    ['en', 'Mia\u3164', 'Contains invisible direction or zero-width characters'],
    ['zh-Hant', 'Mia\u200D', '包含不可見的方向控制或零寬度字元'],
    ['zh-Hans', 'Mi\u2028a', '包含不允许的字符'],
  ] as const)('in %s shows the text rule’s message at the first name', async (locale, name, message) => {
    await setLocale(locale);
    const user = userEvent.setup();
    const { container } = render(<DetailsForm slug="blue-bottle" info={info} onSignedOut={vi.fn()} />);
    const first = container.querySelector<HTMLInputElement>('#join-firstName');
    const last = container.querySelector<HTMLInputElement>('#join-lastName');
    if (!first || !last) throw new Error('no name fields');
    // Typed as the browser would paste it: the invisible character is part of the value.
    await user.click(first);
    await user.paste(name);
    await user.type(last, 'Chan');
    await user.click(container.querySelector('input[name="acceptTerms"]') as HTMLInputElement);
    await user.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(first).toHaveAttribute('aria-invalid', 'true');
    expect(last).not.toHaveAttribute('aria-invalid');
  });

  it('takes an emoji with a joiner and a Chinese name without complaint', async () => {
    const { postJoin } = await import('./public-api');
    const user = userEvent.setup();
    const { container } = render(<DetailsForm slug="blue-bottle" info={info} onSignedOut={vi.fn()} />);
    const first = container.querySelector<HTMLInputElement>('#join-firstName') as HTMLInputElement;
    await user.click(first);
    await user.paste('大文 👩\u200D💻');
    await user.type(container.querySelector('#join-lastName') as HTMLInputElement, '陳');
    await user.click(container.querySelector('input[name="acceptTerms"]') as HTMLInputElement);
    await user.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(first).not.toHaveAttribute('aria-invalid');
    await vi.waitFor(() =>
      expect(postJoin).toHaveBeenCalledWith(
        'blue-bottle',
        'customer-token',
        expect.objectContaining({ firstName: '大文 👩\u200D💻', lastName: '陳' }),
      ),
    );
  });

  it('asks for no terms when the business gave no terms link, and joins without them', async () => {
    const { postJoin } = await import('./public-api');
    vi.mocked(postJoin).mockClear();
    const user = userEvent.setup();
    const noTerms = { ...info, termsUrl: '' };
    const { container } = render(<DetailsForm slug="blue-bottle" info={noTerms} onSignedOut={vi.fn()} />);
    expect(container.querySelector('input[name="acceptTerms"]')).toBeNull();
    expect(screen.queryByText('I accept the terms and conditions')).toBeNull();
    await user.type(container.querySelector('#join-firstName') as HTMLInputElement, 'Mei');
    await user.type(container.querySelector('#join-lastName') as HTMLInputElement, 'Chan');
    await user.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    await vi.waitFor(() =>
      expect(postJoin).toHaveBeenCalledWith(
        'blue-bottle',
        'customer-token',
        expect.objectContaining({ firstName: 'Mei', lastName: 'Chan', acceptTerms: false }),
      ),
    );
  });

  it('with a terms link, the box must be ticked before anything is sent', async () => {
    const { postJoin } = await import('./public-api');
    vi.mocked(postJoin).mockClear();
    const user = userEvent.setup();
    const { container } = render(<DetailsForm slug="blue-bottle" info={info} onSignedOut={vi.fn()} />);
    await user.type(container.querySelector('#join-firstName') as HTMLInputElement, 'Mei');
    await user.type(container.querySelector('#join-lastName') as HTMLInputElement, 'Chan');
    await user.click(container.querySelector('button[type="submit"]') as HTMLButtonElement);
    expect(container.querySelector('input[name="acceptTerms"]')).toHaveAttribute('aria-invalid', 'true');
    expect(postJoin).not.toHaveBeenCalled();
  });
});
