import { PASS_SETTINGS_DEFAULTS, PREVIEW_MEMBER, type Role } from '@loyalty/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { englishLeft } from '@/test/settings-test-english';
import { server } from '@/test/wallet-settings-test-api';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const renderPage = (role: Role = 'owner') =>
  renderApp('/wallet-settings', {
    user: SAMPLE_USER,
    identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role },
  });

const saved = {
  ...PASS_SETTINGS_DEFAULTS,
  heroText: 'Blue Bottle Rewards',
  logoUrl: '/files/t-1/logo.png',
  stripUrl: '/files/t-1/strip.png',
  backgroundUrl: '/files/t-1/bg.png',
};

const preview = () => screen.getByTestId('wallet-card-preview');
const saveButton = () => screen.getByRole('button', { name: 'Save Settings' });
const MISSING = 'Please upload all images and enter hero text';

describe('Wallet Settings page', () => {
  beforeEach(() => server.reset());

  it('404 shows the spec defaults; Save is disabled and says what is missing', async () => {
    renderPage();
    expect(await screen.findByLabelText('Hero Text')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Card Style' })).toHaveTextContent('Store Card');
    expect(screen.getByRole('switch', { name: 'Show Points' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Show Last Update' })).toBeChecked();
    expect(screen.getByLabelText('Background Color')).toHaveValue('#a855f7');
    expect(screen.getByLabelText('Foreground Color')).toHaveValue('#ffffff');
    expect(screen.getByLabelText('Label Color')).toHaveValue('#e9d5ff');
    expect(screen.getByLabelText('Member Name Label')).toHaveValue('Member Name');
    expect(screen.getByLabelText('Membership Level Label')).toHaveValue('Membership Level');
    expect(screen.getByLabelText('Last Update Label')).toHaveValue('Last Update');
    expect(screen.getByLabelText('Points Label')).toHaveValue('Points');
    for (const hint of [/512x512/, /640x246/, /1920x1080 or larger/]) {
      expect(screen.getByText(hint)).toBeInTheDocument();
    }
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText(MISSING)).toBeInTheDocument();
  });

  it('the preview shows the sample member and follows every field as it is typed', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Hero Text');
    const card = preview();
    expect(card).toHaveAttribute('data-style', 'storeCard');
    expect(within(card).getByTestId('pass-points')).toHaveTextContent('Points1,250');
    expect(within(card).getByTestId('pass-level')).toHaveTextContent('Membership LevelGold');
    expect(within(card).getByTestId('pass-last-update')).toHaveTextContent('Last UpdateJan 1, 2024');
    expect(within(card).getByRole('img', { name: 'Logo' })).toHaveAttribute('src', '/files/t-1/logo.png');
    expect(within(card).getByRole('img', { name: 'Strip image' })).toHaveAttribute('src', '/files/t-1/strip.png');
    expect(within(card).getByTestId('pass-barcode')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Hero Text'));
    await user.type(screen.getByLabelText('Hero Text'), 'Coffee Club');
    expect(within(card).getByTestId('pass-logo-text')).toHaveTextContent('Coffee Club');
    await user.clear(screen.getByLabelText('Points Label'));
    await user.type(screen.getByLabelText('Points Label'), 'Beans');
    expect(within(card).getByTestId('pass-points')).toHaveTextContent('Beans1,250');
    await user.clear(screen.getByLabelText('Background Color'));
    await user.type(screen.getByLabelText('Background Color'), '#123456');
    expect(card).toHaveStyle({ backgroundColor: '#123456' });
    await user.click(screen.getByRole('switch', { name: 'Show Points' }));
    expect(within(card).queryByTestId('pass-points')).toBeNull();
    await user.click(screen.getByRole('switch', { name: 'Show Last Update' }));
    expect(within(card).queryByTestId('pass-last-update')).toBeNull();
  });

  it('a generic pass shows the thumbnail and the points as a header field', async () => {
    server.stored = { ...saved, style: 'generic' };
    renderPage();
    await screen.findByLabelText('Hero Text');
    expect(preview()).toHaveAttribute('data-style', 'generic');
    expect(within(preview()).getByRole('img', { name: 'Thumbnail' })).toHaveAttribute('src', '/files/t-1/bg.png');
    expect(within(preview()).queryByRole('img', { name: 'Strip image' })).toBeNull();
  });

  it('Save is disabled while the hero text is blank, and enabled with all four', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    const hero = await screen.findByLabelText('Hero Text');
    expect(saveButton()).toBeEnabled();
    expect(screen.queryByText(MISSING)).toBeNull();
    await user.clear(hero);
    await user.type(hero, '   ');
    expect(saveButton()).toBeDisabled();
    expect(screen.getByText(MISSING)).toBeInTheDocument();
  });

  it('saves every field and says so', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Hero Text');
    await user.clear(screen.getByLabelText('Label Color'));
    await user.type(screen.getByLabelText('Label Color'), '#FDE68A');
    await user.click(saveButton());
    expect(await screen.findByText('Wallet settings saved successfully')).toBeInTheDocument();
    expect(server.saved).toEqual([{ ...saved, labelColor: '#fde68a' }]);
  });

  it('the default colours pass; a text colour unreadable on the background is named, with its contrast', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Hero Text');
    expect(screen.queryByText(/hard to read/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Foreground Color'));
    await user.type(screen.getByLabelText('Foreground Color'), '#b06af9');
    expect(
      await screen.findByText(/Values in this text colour are hard to read .*contrast 1\.\d:1/),
    ).toBeInTheDocument();
    expect(screen.queryByText(/Labels in this colour/)).not.toBeInTheDocument();
    await user.clear(screen.getByLabelText('Label Color'));
    await user.type(screen.getByLabelText('Label Color'), '#a855f7');
    expect(await screen.findByText(/Labels in this colour are hard to read .*contrast 1:1/)).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Foreground Color'));
    await user.type(screen.getByLabelText('Foreground Color'), '#ffffff');
    await waitFor(() => expect(screen.queryByText(/Values in this text colour/)).not.toBeInTheDocument());
  });

  it('a failed save shows the error toast', async () => {
    server.stored = saved;
    server.saveFails = true;
    renderPage();
    await screen.findByLabelText('Hero Text');
    await userEvent.setup().click(saveButton());
    expect(await screen.findByText('Failed to save wallet settings')).toBeInTheDocument();
  });

  it('a bad hex colour is named on the field and nothing is sent', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    await screen.findByLabelText('Hero Text');
    await user.clear(screen.getByLabelText('Foreground Color'));
    await user.type(screen.getByLabelText('Foreground Color'), '#fff');
    await user.click(saveButton());
    expect(await screen.findByText('Colour must be a hex value like #a855f7')).toBeInTheDocument();
    expect(server.saved).toHaveLength(0);
  });

  it('Save is disabled while an upload is pending; the chosen file clears the stored URL at once', async () => {
    server.stored = saved;
    let release = () => {};
    server.uploadHold = new Promise((resolve) => {
      release = resolve;
    });
    renderPage();
    await screen.findByLabelText('Hero Text');
    expect(saveButton()).toBeEnabled();
    const input = document.querySelector<HTMLInputElement>('#wallet-logo input[type="file"], input#wallet-logo');
    const file = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
    if (!input) throw new Error('no file input in the logo zone');
    fireEvent.change(input, { target: { files: [file] } });
    await waitFor(() => expect(saveButton()).toBeDisabled());
    release();
    expect(await screen.findByText('Logo uploaded successfully')).toBeInTheDocument();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.setup().click(saveButton());
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toMatchObject({ logoUrl: '/files/t-1/upload-1.png' });
  });

  it('staff see the settings read-only: fields disabled, no Save', async () => {
    server.stored = saved;
    renderPage('staff');
    expect(await screen.findByLabelText('Hero Text')).toBeDisabled();
    expect(screen.getByLabelText('Background Color')).toBeDisabled();
    expect(screen.getByLabelText('Points Label')).toBeDisabled();
    expect(screen.getByRole('switch', { name: 'Show Points' })).toBeDisabled();
    expect(screen.getByRole('combobox', { name: 'Card Style' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
    expect(preview()).toBeInTheDocument();
  });
});

describe('Wallet Settings page in Chinese', () => {
  beforeEach(() => server.reset());
  // The pass's labels and sample member are the tenant's data, shown as typed.
  const d = PASS_SETTINGS_DEFAULTS;
  const data = [
    saved.heroText,
    ...[d.lblMemberName, d.lblMembershipLvl, d.lblLastUpdate, d.lblPoints],
    ...[PREVIEW_MEMBER.name, PREVIEW_MEMBER.level, PREVIEW_MEMBER.lastUpdate],
    'MBR',
  ];

  it('zh-Hant: sections, switches, image zones and the preview in Traditional Chinese, no English left', async () => {
    server.stored = saved;
    await setLocale('zh-Hant');
    renderPage();
    expect(await screen.findByRole('heading', { name: '電子錢包設定' })).toBeInTheDocument();
    expect(await screen.findByLabelText('主標題文字')).toHaveValue('Blue Bottle Rewards');
    expect(screen.getByRole('combobox', { name: '卡片樣式' })).toHaveTextContent('商店卡');
    expect(screen.getByRole('switch', { name: '顯示積分' })).toBeChecked();
    expect(screen.getByRole('button', { name: /^橫條圖片 / })).toBeInTheDocument();
    expect(within(preview()).getByTestId('pass-points')).toHaveTextContent('1,250');
    // The sample member is a Chinese name on a Chinese screen.
    expect(within(preview()).getByTestId('pass-member')).toHaveTextContent('陳大文');
    expect(screen.getByRole('figure', { name: '商店卡預覽' })).toBeInTheDocument();
    expect(englishLeft(screen.getByRole('main'), data)).toEqual([]);
  });

  it('zh-Hans: a new design says what is missing and the preview falls back in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    renderPage();
    expect(await screen.findByRole('heading', { name: '电子钱包设置' })).toBeInTheDocument();
    expect(await screen.findByText('您的主标题文字')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '保存设置' })).toBeDisabled();
    expect(screen.getByText('卡片预览')).toBeInTheDocument();
    expect(englishLeft(screen.getByRole('main'), data)).toEqual([]);
  });
});
