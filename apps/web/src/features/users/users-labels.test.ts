import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { OWNER, teamUser } from '@/test/users-test-server';
import { displayName, failureMessage, rowPermissions } from './users-labels';

describe('users labels', () => {
  it('failure text: the server message, else the error message, else Unknown error', () => {
    expect(failureMessage(new ApiError({ status: 409, message: 'x', body: { message: 'Taken' } }))).toBe('Taken');
    expect(failureMessage(new ApiError({ status: 500, message: '500: oops' }))).toBe('500: oops');
    expect(failureMessage(new Error('Network down'))).toBe('Network down');
    expect(failureMessage(new Error(''))).toBe('Unknown error');
    expect(failureMessage('nope')).toBe('Unknown error');
  });

  it('card name: full name, else e-mail, else Unknown user', () => {
    expect(displayName({ firstName: ' Ada ', lastName: 'L', email: 'a@x.test' })).toBe('Ada L');
    expect(displayName({ firstName: '', lastName: '', email: 'a@x.test' })).toBe('a@x.test');
    expect(displayName({ firstName: '', lastName: '', email: '' })).toBe('Unknown user');
  });

  it('owner row: no edit, no delete; own row: edit but no delete; others: both', () => {
    expect(rowPermissions(OWNER, 'u-1')).toEqual({ canEdit: false, canDelete: false });
    expect(rowPermissions(OWNER, 'u-9')).toEqual({ canEdit: false, canDelete: false });
    expect(rowPermissions(teamUser(1), 'u-101')).toEqual({ canEdit: true, canDelete: false });
    expect(rowPermissions(teamUser(1), 'u-1')).toEqual({ canEdit: true, canDelete: true });
  });
});
