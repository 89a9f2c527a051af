import type { ImportStatus } from '@loyalty/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { json, pageOf, serveRoutes } from '@/test/fake-api';
import { SAMPLE_USER } from '@/test/fake-auth';
import { renderApp } from '@/test/render-app';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

const status = (over: Partial<ImportStatus>): ImportStatus => ({
  id: 'imp-1',
  state: 'done',
  dryRun: true,
  total: 1000,
  processed: 1000,
  created: 997,
  updated: 0,
  errors: [],
  createdAt: '2026-01-01T00:00:00.000Z',
  ...over,
});

const ERRORS = [
  { row: 12, field: 'email', message: 'Invalid email' },
  { row: 40, field: 'tier', message: 'No tier of this business has this name' },
  { row: 77, field: 'phone', message: 'This phone appears on another row of the file' },
];

/** A fake import API: records what the dialog sends; the real import answers running once, then done. */
function fakeImports() {
  const sent: { dryRun: string | null; mapping: unknown; fileName: string }[] = [];
  let polls = 0;
  serveRoutes({
    'GET /api/tenants/member': () => json(pageOf([])),
    'POST /api/tenants/member/import': ({ body, query }) => {
      const form = body as FormData;
      const file = form.get('file') as File;
      sent.push({
        dryRun: query.dryRun ?? null,
        mapping: JSON.parse(String(form.get('mapping'))),
        fileName: file.name,
      });
      return json({ importId: query.dryRun === 'true' ? 'dry-1' : 'run-1' }, 202);
    },
    '/api/tenants/imports/dry-1': () => json(status({ id: 'dry-1', errors: ERRORS })),
    '/api/tenants/imports/run-1': () => {
      polls++;
      return json(
        polls === 1
          ? status({ id: 'run-1', dryRun: false, state: 'running', processed: 400, created: 399 })
          : status({ id: 'run-1', dryRun: false, errors: ERRORS }),
      );
    },
  });
  return { sent };
}

const csvFile = (text: string) => new File([text], 'members.csv', { type: 'text/csv' });

describe('import members dialog', () => {
  it('matches Chinese headers, checks the file, lists the bad rows, then imports with a progress bar and a summary', async () => {
    const api = fakeImports();
    renderApp('/members', { user: SAMPLE_USER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members' });
    const run = within(dialog).getByRole('button', { name: 'Import' });
    expect(run).toBeDisabled();

    await user.upload(
      within(dialog).getByLabelText('CSV file'),
      csvFile('\uFEFF名字,姓,電郵,電話,積分,累計消費,備註\n大文,陳,tai@example.test,+85291234567,100,20\n'),
    );
    expect(await within(dialog).findByLabelText('名字')).toHaveValue('firstName');
    expect(within(dialog).getByLabelText('姓')).toHaveValue('lastName');
    expect(within(dialog).getByLabelText('電郵')).toHaveValue('email');
    expect(within(dialog).getByLabelText('電話')).toHaveValue('phone');
    expect(within(dialog).getByLabelText('積分')).toHaveValue('points');
    expect(within(dialog).getByLabelText('累計消費')).toHaveValue('lifetimeSpend');
    expect(within(dialog).getByLabelText('備註')).toHaveValue('');
    // The import waits for a check of the file.
    expect(run).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: 'Check file' }));
    expect(await within(dialog).findByText('997 to add, 0 to update, 3 rows with errors.')).toBeInTheDocument();
    const table = within(dialog).getByRole('region', { name: 'Rows with errors' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'RowFieldProblem',
      '12EmailInvalid email',
      '40TierNo tier of this business has this name',
      '77PhoneThis phone appears on another row of the file',
    ]);
    expect(within(dialog).getByRole('button', { name: 'Download errors' })).toBeInTheDocument();

    await user.click(run);
    const bar = await within(dialog).findByRole('progressbar', { name: 'Import progress' });
    await waitFor(() => expect(bar).toHaveAttribute('aria-valuenow', '40'));
    expect(within(dialog).getByText('400 of 1,000 rows')).toBeInTheDocument();
    expect(
      await within(dialog).findByText('Done: 997 added, 0 updated, 3 rows not imported.', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Download errors' })).toBeInTheDocument();
    expect(api.sent).toEqual([
      { dryRun: 'true', mapping: expect.any(Object), fileName: 'members.csv' },
      { dryRun: 'false', mapping: expect.any(Object), fileName: 'members.csv' },
    ]);
    expect(api.sent[1]?.mapping).toEqual({
      名字: 'firstName',
      姓: 'lastName',
      電郵: 'email',
      電話: 'phone',
      積分: 'points',
      累計消費: 'lifetimeSpend',
    });
  });

  it('keeps Import and Check disabled until first and last name are mapped; a column can be remapped by hand', async () => {
    fakeImports();
    renderApp('/members', { user: SAMPLE_USER });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Import' }));
    const dialog = await screen.findByRole('dialog', { name: 'Import members' });
    await user.upload(within(dialog).getByLabelText('CSV file'), csvFile('Given,Family\nAda,Lovelace\n'));
    const check = within(dialog).getByRole('button', { name: 'Check file' });
    await waitFor(() => expect(within(dialog).getByLabelText('Given')).toHaveValue(''));
    expect(within(dialog).getByText('Match one column to First name and one to Last name.')).toBeInTheDocument();
    expect(check).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Given'), 'firstName');
    await user.selectOptions(within(dialog).getByLabelText('Family'), 'lastName');
    expect(check).toBeEnabled();
    await user.click(check);
    const run = within(dialog).getByRole('button', { name: 'Import' });
    await waitFor(() => expect(run).toBeEnabled());
    // A mapping changed after the check must be checked again.
    await user.selectOptions(within(dialog).getByLabelText('Given'), 'email');
    expect(run).toBeDisabled();
  });

  it('speaks Traditional Chinese', async () => {
    fakeImports();
    await setLocale('zh-Hant');
    try {
      renderApp('/members', { user: SAMPLE_USER });
      const user = userEvent.setup();
      expect(await screen.findByRole('button', { name: '匯出' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '匯入' }));
      const dialog = await screen.findByRole('dialog', { name: '匯入會員' });
      expect(within(dialog).getByRole('button', { name: '檢查檔案' })).toBeDisabled();
    } finally {
      await setLocale('en');
    }
  });
});
