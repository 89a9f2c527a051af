import type { Role } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { server } from '@/test/enrolment-test-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { englishLeft } from '@/test/settings-test-english';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const renderPage = (role: Role = 'owner', path = '/enrolment') =>
  renderApp(path, { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });
const saveButton = () => screen.getByRole('button', { name: 'Save Settings' });

beforeAll(() => {
  // jsdom has no object URLs; the preview only needs a string for <img src>.
  URL.createObjectURL = vi.fn(() => 'blob:poster');
  URL.revokeObjectURL = vi.fn();
});

describe('Enrolment page', () => {
  beforeEach(() => server.reset());

  it('shows the derived settings, the join URL and the poster preview', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Enrolment' })).toBeInTheDocument();
    expect(await screen.findByLabelText('Join link name')).toHaveValue('blue-bottle');
    expect(screen.getByLabelText('Welcome points')).toHaveValue('0');
    expect(screen.getByLabelText('Allowed phone countries')).toHaveValue('HK');
    expect(screen.getByLabelText('Join URL')).toHaveValue('https://loyalty.example/join/blue-bottle');
    expect(screen.getByRole('switch', { name: 'Join page open' })).not.toBeChecked();
    expect(screen.getByText(/The join page is closed/)).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Poster with the QR code of the join link' })).toHaveAttribute(
      'src',
      'blob:poster',
    );
  });

  it('says a localhost join link opens on no phone, and how to fix it', async () => {
    server.publicUrl = 'http://localhost:3000';
    renderPage();
    const note = await screen.findByRole('note', { name: 'Phones cannot open this link yet' });
    expect(note).toHaveTextContent('It points at this computer (localhost:3000)');
    expect(note).toHaveTextContent('CUSTOMER_LISTEN');
    expect(note).toHaveTextContent('docs/configuration.md');
  });

  it('says nothing of the address when phones can open it', async () => {
    renderPage();
    await screen.findByRole('img', { name: 'Poster with the QR code of the join link' });
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('saves the settings as the contract wants them and shows the new join URL', async () => {
    renderPage();
    const user = userEvent.setup();
    const slug = await screen.findByLabelText('Join link name');
    await user.click(screen.getByRole('switch', { name: 'Join page open' }));
    await user.clear(slug);
    await user.type(slug, 'green-cafe');
    const points = screen.getByLabelText('Welcome points');
    await user.clear(points);
    await user.type(points, '100');
    await user.click(screen.getByRole('switch', { name: 'Require an email' }));
    await user.type(screen.getByLabelText('Terms link'), 'https://green.example/terms');
    const countries = screen.getByLabelText('Allowed phone countries');
    await user.clear(countries);
    await user.type(countries, 'hk, mo');
    await user.click(saveButton());
    expect(await screen.findByText('Enrolment settings saved')).toBeInTheDocument();
    expect(server.put).toEqual([
      {
        enabled: true,
        slug: 'green-cafe',
        welcomePoints: 100,
        requireEmail: true,
        termsUrl: 'https://green.example/terms',
        allowedCountries: ['HK', 'MO'],
      },
    ]);
    await waitFor(() =>
      expect(screen.getByLabelText('Join URL')).toHaveValue('https://loyalty.example/join/green-cafe'),
    );
  });

  it('shows the contract’s messages at their fields and sends nothing', async () => {
    renderPage();
    const user = userEvent.setup();
    const slug = await screen.findByLabelText('Join link name');
    await user.clear(slug);
    await user.type(slug, 'Bad Slug');
    const points = screen.getByLabelText('Welcome points');
    await user.clear(points);
    await user.type(points, '-5');
    const countries = screen.getByLabelText('Allowed phone countries');
    await user.clear(countries);
    await user.type(countries, 'Hong Kong');
    await user.click(saveButton());
    expect(
      await screen.findByText(
        'Use 3 to 40 lowercase letters, digits or hyphens, starting and ending with a letter or digit',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('Welcome points must be a whole number from 0 to 1,000,000')).toBeInTheDocument();
    expect(screen.getByText('Use two-letter country codes such as HK')).toBeInTheDocument();
    expect(server.put).toEqual([]);
  });

  it('shows a taken slug at the field', async () => {
    server.takenSlugs.add('taken-shop');
    renderPage();
    const user = userEvent.setup();
    const slug = await screen.findByLabelText('Join link name');
    await user.clear(slug);
    await user.type(slug, 'taken-shop');
    await user.click(saveButton());
    expect(await screen.findByText('This join link is already taken')).toBeInTheDocument();
    expect(screen.getByText('Failed to save the enrolment settings')).toBeInTheDocument();
  });

  it('downloads the poster as PNG and PDF', async () => {
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('img', { name: 'Poster with the QR code of the join link' });
    await user.click(screen.getByRole('button', { name: 'Poster PDF (A4)' }));
    await user.click(screen.getByRole('button', { name: 'Poster PNG' }));
    await waitFor(() => expect(server.posters).toEqual(['png', 'pdf', 'png']));
    expect(server.posterLanguages).toEqual(['en', 'en', 'en']);
  });

  it('draws the poster in the language chosen on the screen, the screen’s own by default', async () => {
    await setLocale('zh-Hant');
    renderPage();
    const user = userEvent.setup();
    await screen.findByRole('img', { name: '附有加入連結二維碼的海報' });
    expect(screen.getByLabelText('海報語言')).toHaveValue('zh-Hant');
    await user.click(screen.getByRole('button', { name: '海報 PDF（A4）' }));
    await waitFor(() => expect(server.posterLanguages).toEqual(['zh-Hant', 'zh-Hant']));
    await user.selectOptions(screen.getByLabelText('海報語言'), 'zh-Hans');
    await waitFor(() => expect(server.posterLanguages).toEqual(['zh-Hant', 'zh-Hant', 'zh-Hans']));
    await user.click(screen.getByRole('button', { name: '海報 PNG' }));
    await waitFor(() => expect(server.posterLanguages).toEqual(['zh-Hant', 'zh-Hant', 'zh-Hans', 'zh-Hans']));
    await setLocale('en');
  });

  it('is in the sidebar for owners and admins', async () => {
    renderPage('admin', '/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Enrolment' })).toHaveAttribute('href', '/enrolment');
  });

  it('is not in the sidebar for staff', async () => {
    renderPage('staff', '/');
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Counter' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Enrolment' })).toBeNull();
  });
});

describe('Enrolment page in Chinese', () => {
  beforeEach(() => server.reset());

  it('zh-Hant: every text in Traditional Chinese', async () => {
    await setLocale('zh-Hant');
    renderPage();
    expect(await screen.findByRole('heading', { name: '會員招募' })).toBeInTheDocument();
    expect(await screen.findByLabelText('加入連結名稱')).toHaveValue('blue-bottle');
    await screen.findByRole('img', { name: '附有加入連結二維碼的海報' });
    expect(
      englishLeft(screen.getByRole('main'), [
        // The poster's language menu names each language in itself.
        'English',
        'PDF',
        'HK',
        'MO',
        'blue',
        'bottle',
        'https',
        'loyalty',
        'example',
        'join',
      ]),
    ).toEqual([]);
  });

  it('zh-Hans: every text in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    renderPage();
    expect(await screen.findByRole('heading', { name: '会员招募' })).toBeInTheDocument();
    expect(await screen.findByLabelText('加入链接名称')).toHaveValue('blue-bottle');
    await screen.findByRole('img', { name: '附有加入链接二维码的海报' });
    expect(
      englishLeft(screen.getByRole('main'), [
        // The poster's language menu names each language in itself.
        'English',
        'PDF',
        'CN',
        'HK',
        'blue',
        'bottle',
        'https',
        'loyalty',
        'example',
        'join',
      ]),
    ).toEqual([]);
  });
});
