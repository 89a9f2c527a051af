import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../../../test/helpers';
import { addMember, business, membersApi } from './members-test-support';

// Issue 18: names show on screens and wallet passes; a bidi override would make `bidi\u202Eevil` display reversed.
describe('members: invisible direction and zero-width characters are refused at the field', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await buildTestApp();
    api = membersApi(app);
  });
  afterAll(() => app.close());

  it('answers 400 naming the field, stores nothing, and keeps CJK and right-to-left names', async () => {
    const b = await business(app);
    const refused = await api.create(b.owner, { firstName: 'bidi\u202Eevil', lastName: 'Chan' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().errors).toEqual({ firstName: 'Contains invisible direction or zero-width characters' });
    const zeroWidth = await api.create(b.owner, { firstName: 'Amy', lastName: 'Wo\u200Bng' });
    expect(zeroWidth.json().errors).toEqual({ lastName: 'Contains invisible direction or zero-width characters' });
    expect((await api.list(b.owner)).json().totalElements).toBe(0);

    const id = await addMember(app, b.owner, { firstName: '陳大文', lastName: 'مريم' });
    const member = (await api.get(b.owner, id)).json();
    expect([member.firstName, member.lastName]).toEqual(['陳大文', 'مريم']);
    const edit = await api.update(b.owner, id, { firstName: 'x\u2066y', lastName: 'z', status: 'active' });
    expect(edit.statusCode).toBe(400);
    expect((await api.get(b.owner, id)).json().firstName).toBe('陳大文');
    const reason = await api.record(b.owner, id, { type: 'ADJUST', points: 5, reason: 'gift\u202D' });
    expect(reason.json().errors).toEqual({ reason: 'Contains invisible direction or zero-width characters' });
  });
});
