import { profileUpdateSchema } from '@loyalty/contracts';
import { describe, expect, it } from 'vitest';
import { fieldErrors } from './validation-errors';

const errorsFor = (body: unknown) => {
  const result = profileUpdateSchema.safeParse(body);
  if (result.success) throw new Error('expected a validation failure');
  return fieldErrors(result.error.issues as never);
};

describe('field errors of a union body', () => {
  it('names the fields of the closest form', () => {
    expect(errorsFor({ first_name: '' })).toEqual({
      first_name: 'First name is required',
      last_name: 'Last name is required',
    });
    expect(errorsFor({ phone: '12' })).toEqual({
      phone: 'Invalid phone. Use international format like +15551234567',
    });
    expect(errorsFor({ email: 'nope' })).toEqual({ email: 'Please enter a valid email address.' });
  });

  it('still reports a body that fits no form at all', () => {
    expect(Object.keys(errorsFor({})).length).toBeGreaterThan(0);
  });
});
