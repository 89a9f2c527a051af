import type { Role } from '@loyalty/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';
import { englishLeft } from '@/test/settings-test-english';
import { server } from '@/test/store-settings-test-api';

vi.mock('@/lib/api', () => import('@/test/fake-api'));
// jsdom has no canvas: the drawing and its upload are stood in for; the screen's use of them is what is tested.
vi.mock('@/components/brand-images', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/components/brand-images')>()),
  drawAndUpload: vi.fn(),
}));

const renderPage = (role: Role = 'owner') =>
  renderApp('/store-settings', { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });

const saved = { logoUrl: '/files/t-1/logo.png', text: 'Blue Bottle', backgroundUrl: '/files/t-1/bg.png' };
const saveButton = () => screen.getByRole('button', { name: 'Save Settings' });

function chooseFile(zoneId: string, name = 'image.png') {
  const input = document.querySelector<HTMLInputElement>(`#${zoneId} input[type="file"], input#${zoneId}`);
  if (!input) throw new Error(`no file input in ${zoneId}`);
  fireEvent.change(input, {
    target: { files: [new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' })] },
  });
}

describe('Store Settings page', () => {
  beforeEach(() => server.reset());

  it('404 shows everything empty with the spec title, hints and a disabled Save', async () => {
    renderPage();
    expect(await screen.findByRole('heading', { name: 'Store Settings' })).toBeInTheDocument();
    expect(screen.getByText('Configure your store appearance')).toBeInTheDocument();
    expect(await screen.findByLabelText('Store Name')).toHaveValue('');
    expect(screen.getByText('PNG, JPG or WEBP (recommended: square, 512x512px)')).toBeInTheDocument();
    expect(screen.getByText('PNG, JPG or WEBP (recommended: 1920x1080px or larger)')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
  });

  it('Save is disabled while the name, the logo or the background is missing', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store Name');
    expect(saveButton()).toBeEnabled();
    await user.clear(name);
    expect(saveButton()).toBeDisabled();
    await user.type(name, 'Blue Bottle');
    expect(saveButton()).toBeEnabled();
  });

  it('a whitespace-only name: Validation Error toast and nothing is sent', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store Name');
    await user.clear(name);
    await user.type(name, '   ');
    await user.click(saveButton());
    expect(await screen.findByText('Validation Error')).toBeInTheDocument();
    expect(screen.getByText('Please upload all images and enter store name')).toBeInTheDocument();
    expect(server.saved).toHaveLength(0);
  });

  it('saves {logoUrl, text, backgroundUrl}, says so and refreshes the cached settings', async () => {
    server.stored = saved;
    renderPage();
    const user = userEvent.setup();
    const name = await screen.findByLabelText('Store Name');
    expect(server.gets).toBe(1);
    await user.clear(name);
    await user.type(name, '  Green Bottle ');
    await user.click(saveButton());
    expect(await screen.findByText('Store settings saved successfully')).toBeInTheDocument();
    expect(server.saved).toEqual([{ ...saved, text: 'Green Bottle' }]);
    await waitFor(() => expect(server.gets).toBe(2));
    expect(screen.getByLabelText('Store Name')).toHaveValue('Green Bottle');
  });

  it('a failed save shows the error toast', async () => {
    server.stored = saved;
    server.saveFails = true;
    renderPage();
    await screen.findByLabelText('Store Name');
    await userEvent.setup().click(saveButton());
    expect(await screen.findByText('Failed to save store settings')).toBeInTheDocument();
  });

  it('Save is disabled while an upload is pending; the new URL is sent after it', async () => {
    server.stored = saved;
    let release = () => {};
    server.uploadHold = new Promise((resolve) => {
      release = resolve;
    });
    renderPage();
    await screen.findByLabelText('Store Name');
    chooseFile('store-backgroundUrl');
    await waitFor(() => expect(saveButton()).toBeDisabled());
    release();
    await waitFor(() => expect(saveButton()).toBeEnabled());
    await userEvent.setup().click(saveButton());
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toMatchObject({ backgroundUrl: '/files/t-1/upload-1.png', logoUrl: saved.logoUrl });
  });

  it('the business profile shows country, time zone and language, and saves a change', async () => {
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { name: 'Business profile' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: 'Country' })).toHaveTextContent('Hong Kong');
    expect(screen.getByRole('combobox', { name: 'Time zone' })).toHaveTextContent('Hong Kong Standard Time');
    const save = screen.getByRole('button', { name: 'Save business profile' });
    expect(save).toBeDisabled();
    await user.click(screen.getByRole('combobox', { name: 'Default language' }));
    await user.click(await screen.findByRole('option', { name: '繁體中文' }));
    await user.click(save);
    await waitFor(() => expect(server.businessPuts).toHaveLength(1));
    expect(server.businessPuts[0]).toEqual({ country: 'HK', timeZone: 'Asia/Hong_Kong', language: 'zh-Hant' });
    expect(await screen.findByText('Business profile saved')).toBeInTheDocument();
  });

  it('staff see the settings read-only: name disabled, no Save', async () => {
    server.stored = saved;
    renderPage('staff');
    expect(await screen.findByLabelText('Store Name')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save Settings' })).toBeNull();
    expect(await screen.findByRole('combobox', { name: 'Country' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save business profile' })).toBeNull();
  });
});

describe('Store Settings page in Chinese', () => {
  beforeEach(() => server.reset());

  it('zh-Hant: the name, the two image zones and Save in Traditional Chinese, no English left', async () => {
    server.stored = saved;
    await setLocale('zh-Hant');
    renderPage();
    expect(await screen.findByRole('heading', { name: '商店設定' })).toBeInTheDocument();
    expect(await screen.findByLabelText('商店名稱')).toHaveValue('Blue Bottle');
    expect(screen.getByRole('button', { name: /^商店標誌/ })).toBeInTheDocument();
    expect(screen.getByText('PNG、JPG 或 WEBP（建議：正方形，512x512px）')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '更換背景圖片' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '儲存設定' })).toBeEnabled();
    // The business profile below: its labels translated; the zone's IANA name and a language's own name are data.
    expect(await screen.findByRole('heading', { name: '商戶資料' })).toBeInTheDocument();
    expect(await screen.findByRole('combobox', { name: '國家／地區' })).toHaveTextContent('香港');
    expect(englishLeft(screen.getByRole('main'), ['px', 'Asia/Hong Kong', 'English'])).toEqual([]);
  });

  it('zh-Hans: staff see the read-only notice, the empty zones and no Save, in Simplified Chinese', async () => {
    await setLocale('zh-Hans');
    renderPage('staff');
    expect(await screen.findByRole('heading', { name: '商店设置' })).toBeInTheDocument();
    expect(screen.getByText('您可以查看这些设置。只有管理员或所有者可以更改。')).toBeInTheDocument();
    expect(await screen.findByLabelText('商店名称')).toBeDisabled();
    expect(screen.getAllByText('拖放图片，或点击选择文件')).toHaveLength(2);
    expect(screen.queryByRole('button', { name: '保存设置' })).toBeNull();
    expect(await screen.findByRole('combobox', { name: '时区' })).toBeDisabled();
    expect(englishLeft(screen.getByRole('main'), ['px', 'Asia/Hong Kong', 'English'])).toEqual([]);
  });
});

describe('Store Settings: images for a business without any', () => {
  beforeEach(() => server.reset());

  it('Save says what is missing; one click draws the logo and background from the name, and Save is enabled', async () => {
    const { drawAndUpload } = await import('@/components/brand-images');
    vi.mocked(drawAndUpload).mockResolvedValue({
      logo: '/files/t-1/drawn-logo.png',
      storeBackground: '/files/t-1/drawn-bg.png',
    } as Awaited<ReturnType<typeof drawAndUpload>>);
    server.stored = { logoUrl: '', text: 'Blue Bottle Bakery', backgroundUrl: '' };
    renderPage();
    const user = userEvent.setup();
    expect(await screen.findByText('Still missing: Store Logo, Background Image')).toBeInTheDocument();
    expect(saveButton()).toBeDisabled();
    await user.click(await screen.findByRole('button', { name: 'Draw my images' }));
    expect(await screen.findByText('Images drawn and uploaded')).toBeInTheDocument();
    expect(drawAndUpload).toHaveBeenCalledWith(['logo', 'storeBackground'], {
      name: 'Blue Bottle Bakery',
      background: '#a855f7',
      foreground: '#ffffff',
    });
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toEqual({
      logoUrl: '/files/t-1/drawn-logo.png',
      text: 'Blue Bottle Bakery',
      backgroundUrl: '/files/t-1/drawn-bg.png',
    });
  });

  it('offers the wallet card’s logo when the store has none', async () => {
    server.stored = { logoUrl: '', text: 'Blue Bottle', backgroundUrl: '/files/t-1/bg.png' };
    server.passLogo = '/files/t-1/wallet-logo.png';
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Use the wallet card logo' }));
    expect(saveButton()).toBeEnabled();
    await user.click(saveButton());
    await waitFor(() => expect(server.saved).toHaveLength(1));
    expect(server.saved[0]).toMatchObject({ logoUrl: '/files/t-1/wallet-logo.png' });
  });
});
