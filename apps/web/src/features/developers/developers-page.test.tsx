import { type ApiKey, createApiKeySchema, type Delivery, type Webhook, webhookInputSchema } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { json, noContent, pageOf, type Routes, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const TURNED_OFF: Webhook = {
  id: 'w-off',
  url: 'https://crm.example.com/hooks',
  events: ['member.created'],
  enabled: false,
  disabledReason: 'Every delivery has failed since 2026-01-01T00:00:00.000Z; the last: HTTP 503',
  failingSince: '2026-01-01T00:00:00.000Z',
  createdAt: '2026-01-01T00:00:00.000Z',
};
const DELIVERY: Delivery = {
  id: 'd-1',
  eventId: 'msg_01JABCDEFGHJKMNPQRSTVWXYZ0',
  eventType: 'member.created',
  status: 'FAILED',
  attempts: 16,
  responseCode: 503,
  lastError: 'HTTP 503',
  createdAt: '2026-01-01T00:00:00.000Z',
  lastAttemptAt: '2026-01-02T00:00:00.000Z',
};

/** The developers API as the server answers it, bodies checked with the contracts. */
function fakeServer(): Routes {
  const keys: ApiKey[] = [];
  const webhooks: Webhook[] = [TURNED_OFF];
  return {
    'GET /api/tenants/api-keys': () => json(keys),
    'POST /api/tenants/api-keys': ({ body: raw }) => {
      const body = createApiKeySchema.parse(raw);
      const key: ApiKey = {
        id: '0123456789abcdef',
        name: body.name,
        prefix: 'lpk_0123456789abcdef',
        scopes: body.scopes,
        createdAt: '2026-02-01T10:00:00.000Z',
        lastUsedAt: null,
      };
      keys.push(key);
      return json({ ...key, key: `lpk_0123456789abcdef_${'s'.repeat(43)}` }, 201);
    },
    'DELETE /api/tenants/api-keys/0123456789abcdef': () => {
      keys.pop();
      return noContent();
    },
    'GET /api/tenants/webhooks': () => json(webhooks),
    'POST /api/tenants/webhooks': ({ body: raw }) => {
      const body = webhookInputSchema.parse(raw);
      const made: Webhook = {
        ...body,
        id: 'w-new',
        disabledReason: null,
        failingSince: null,
        createdAt: '2026-02-01T10:00:00.000Z',
      };
      webhooks.unshift(made);
      return json({ ...made, secret: 'whsec_c2VjcmV0LXNpZ25pbmcta2V5' }, 201);
    },
    'GET /api/tenants/webhooks/w-off/deliveries': () => json(pageOf([DELIVERY], 0, 10)),
    'POST /api/tenants/webhooks/w-off/deliveries/d-1/retry': () => json({ ...DELIVERY, status: 'PENDING' }, 202),
  };
}

/** Opens the developers screen on the fake developers API; `calls` are the requests sent, as "METHOD /path". */
const renderDevelopers = (role: 'owner' | 'staff' = 'owner') => {
  const requests = serveRoutes(fakeServer());
  renderApp('/developers', { user: SAMPLE_USER, identity: { status: 'OK', tenantId: 't-1', userId: 'u-1', role } });
  return {
    get calls() {
      return requests.map((r) => `${r.method} ${r.path}`);
    },
  };
};

describe('Developers', () => {
  it('makes an API key, shows it once, lists it by prefix and revokes it after a confirmation', async () => {
    const server = renderDevelopers();
    expect(await screen.findByRole('heading', { name: 'Developers', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Developers' })).toHaveAttribute('aria-current', 'page');
    expect(await screen.findByText('No API keys yet.')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New API key' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API key' });
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));
    expect(await within(dialog).findByText('Enter a name for the key')).toBeInTheDocument();
    expect(within(dialog).getByText('Choose at least one permission')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Name' }), 'Front till');
    await user.click(within(dialog).getByRole('checkbox', { name: /transactions:write/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Create key' }));

    const shown = await screen.findByRole('dialog', { name: 'Your new API key' });
    expect(within(shown).getByRole('textbox', { name: 'Secret' })).toHaveValue(
      `lpk_0123456789abcdef_${'s'.repeat(43)}`,
    );
    await user.click(within(shown).getByRole('button', { name: 'I have saved it' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const table = screen.getByRole('region', { name: 'API keys table' });
    expect(await within(table).findByText('lpk_0123456789abcdef')).toBeInTheDocument();
    expect(within(table).getByText('Front till')).toBeInTheDocument();
    expect(within(table).getByText('Never')).toBeInTheDocument();
    expect(table).not.toHaveTextContent('sssss');

    await user.click(within(table).getByRole('button', { name: 'Revoke' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Revoke this API key?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }));
    expect(await within(table).findByText('No API keys yet.')).toBeInTheDocument();
    expect(server.calls).toContain('DELETE /api/tenants/api-keys/0123456789abcdef');
  });

  it('adds a webhook (secret shown once), shows why one was turned off, and resends a delivery', async () => {
    const server = renderDevelopers();
    const table = await screen.findByRole('region', { name: 'Webhooks table' });
    expect(await within(table).findByText(/Turned off: Every delivery has failed since/)).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'New webhook' }));
    const dialog = await screen.findByRole('dialog', { name: 'New webhook' });
    const url = within(dialog).getByRole('textbox', { name: 'URL' });
    await user.clear(url);
    await user.type(url, 'https://shop.example.com/loyalty');
    // The code a receiver matches, with its words beside it.
    await user.click(within(dialog).getByRole('checkbox', { name: 'points.earned Points earned' }));
    expect(within(dialog).getByRole('checkbox', { name: 'stampcard.completed Stamp card completed' })).toBeEnabled();
    await user.click(within(dialog).getByRole('button', { name: 'Create webhook' }));
    const secret = await screen.findByRole('dialog', { name: 'Signing secret' });
    expect(within(secret).getByRole('textbox', { name: 'Secret' })).toHaveValue('whsec_c2VjcmV0LXNpZ25pbmcta2V5');
    await user.click(within(secret).getByRole('button', { name: 'I have saved it' }));
    expect(await within(table).findByText('https://shop.example.com/loyalty')).toBeInTheDocument();

    const offRow = within(table).getByText('https://crm.example.com/hooks').closest('tr') as HTMLElement;
    await user.click(within(offRow).getByRole('button', { name: 'Deliveries' }));
    const deliveries = await screen.findByRole('dialog', { name: 'Deliveries' });
    expect(await within(deliveries).findByText('member.created')).toBeInTheDocument();
    expect(within(deliveries).getByText('Failed')).toBeInTheDocument();
    expect(within(deliveries).getByText('503')).toBeInTheDocument();
    await user.click(within(deliveries).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(server.calls).toContain('POST /api/tenants/webhooks/w-off/deliveries/d-1/retry'));
  });

  it('is not in the sidebar for staff, and says who may use it', async () => {
    renderDevelopers('staff');
    expect(await screen.findByText('Only owners and admins can manage API keys and webhooks.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Developers' })).not.toBeInTheDocument();
  });
  it.each([
    ['zh-Hant', '新增 Webhook', '賺取積分'],
    ['zh-Hans', '新建 Webhook', '赚取积分'],
  ] as const)('%s: each webhook event reads in words beside its code', async (locale, title, words) => {
    await setLocale(locale);
    renderDevelopers();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: title }));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByRole('checkbox', { name: `points.earned ${words}` })).toBeInTheDocument();
    await setLocale('en');
  });
});
