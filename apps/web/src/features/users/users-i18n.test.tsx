import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setLocale } from '@/lib/i18n/i18n';
import { createFakeUsersServer, OWNER, teamUser } from '@/test/users-test-server';
import { pretendMobile, renderUsers } from '@/test/users-test-utils';

vi.mock('@/lib/api', () => import('@/test/fake-api'));

// docs/design.md §8: the Users screen and its dialogs in both Chinese scripts; names, e-mails and phones are data.
describe('Users page in Chinese', () => {
  it('zh-Hant: heading, search, columns, roles, statuses, pager, row actions and the Add and Delete dialogs', async () => {
    await setLocale('zh-Hant');
    renderUsers(createFakeUsersServer([OWNER, teamUser(1)]));
    expect(await screen.findByRole('heading', { name: '使用者' })).toBeInTheDocument();
    expect(screen.getByText('管理您的團隊成員')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('按姓名或電郵搜尋')).toBeInTheDocument();
    const table = await screen.findByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
      // Chinese reads the family name first (docs/glossary.md).
    ).toEqual(['使用者 ID', '姓氏', '名字', '電郵', '電話', '角色', '狀態', '操作']);
    const row = within(table).getByRole('row', { name: /First1/ });
    expect(within(row).getByText('職員')).toBeInTheDocument();
    expect(within(row).getByText('啟用')).toBeInTheDocument();
    expect(within(table).getByText('擁有人')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '編輯 Olivia Owner' })).toHaveAttribute('title', '無法編輯擁有人');
    expect(screen.getByRole('button', { name: '下一頁' })).toBeDisabled();
    for (const english of ['Users', 'Add User', 'Edit', 'Delete', 'Staff', 'Active', 'Previous', 'Next'])
      expect(screen.queryByText(english)).toBeNull();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '新增使用者' }));
    const add = await screen.findByRole('dialog', { name: '新增使用者' });
    expect(within(add).getByLabelText('名字')).toBeInTheDocument();
    expect(within(add).getByLabelText('密碼')).toBeInTheDocument();
    expect(within(add).getByRole('option', { name: '管理員' })).toBeInTheDocument();
    expect(within(add).getByRole('button', { name: '建立' })).toBeInTheDocument();
    await user.click(within(add).getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: '刪除 First1 Last1' }));
    const confirm = await screen.findByRole('alertdialog', { name: '刪除使用者？' });
    expect(within(confirm).getByRole('button', { name: '刪除' })).toBeInTheDocument();
    expect(within(confirm).getByRole('button', { name: '取消' })).toBeInTheDocument();
  });

  it('zh-Hans: the phone cards and the Edit dialog', async () => {
    await setLocale('zh-Hans');
    const restore = pretendMobile();
    try {
      renderUsers(createFakeUsersServer([OWNER, teamUser(1), teamUser(2, { firstName: '', lastName: '', email: '' })]));
      const list = await screen.findByRole('list', { name: '用户' });
      expect(within(list).getByText('未知用户')).toBeInTheDocument();
      expect(within(list).getAllByText('商户 t-1').length).toBe(3);
      expect(within(list).getAllByText('邮箱').length).toBe(3);
      expect(within(list).getByText('所有者')).toBeInTheDocument();
      const user = userEvent.setup();
      await user.click(within(list).getByRole('button', { name: '编辑 First1 Last1' }));
      const edit = await screen.findByRole('dialog', { name: '编辑用户' });
      expect(within(edit).getByLabelText('新密码（选填）')).toBeInTheDocument();
      expect(within(edit).getByRole('option', { name: '待验证' })).toBeDisabled();
      expect(within(edit).getByRole('button', { name: '保存' })).toBeInTheDocument();
      expect(within(edit).queryByText('Save')).toBeNull();
    } finally {
      restore();
    }
  });
});
