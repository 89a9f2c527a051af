import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, engine, uniquePhone } from '../../../test/helpers';
import { csvRecords, ENGLISH_MAPPING, filesApi, importTestApp } from '../../../test/support/member-files';
import { addMember, business, insertSettings, insertTiers, membersApi } from '../../../test/support/members';
import { addReward } from '../../../test/support/rewards';
import { stampsApi } from '../../../test/support/stamp-card';
import { imports, members, pointsLedger, stampLedger } from '../../db/schema';

const HEADER = 'First name,Last name,Email,Phone,Membership code,Tier,Points,Lifetime spend';

async function countOf(
  app: FastifyInstance,
  table: typeof members | typeof pointsLedger | typeof imports | typeof stampLedger,
  tenantId: string,
) {
  const [row] = await app.database.db
    .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
    .from(table)
    .where(sql`${table.tenantId} = ${tenantId}`);
  return row?.n ?? 0;
}

describe('members CSV export and import', () => {
  let app: FastifyInstance;
  let api: ReturnType<typeof filesApi>;
  let list: ReturnType<typeof membersApi>;
  beforeAll(async () => {
    app = await importTestApp();
    api = filesApi(app);
    list = membersApi(app);
  });
  afterAll(() => app.close());

  it('the export of a filtered list holds exactly the members the list shows, in its order, with a BOM', async () => {
    const b = await business(app);
    await insertTiers(app, b.tenantId);
    for (const [first, last] of [
      ['Mia', 'Chen'],
      ['Leo', 'Chan'],
      ['Ana', 'Silva'],
      ['Chloe', 'Lam'],
    ]) {
      await addMember(app, b.admin, { firstName: first, lastName: last, phone: uniquePhone() });
    }
    const page = (await list.list(b.admin, '?search=ch&size=100')).json();
    expect(page.totalElements).toBe(3);
    const res = await api.exportMembers(b.admin, '?search=ch');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="members-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...rows] = csvRecords(res.body);
    expect(header?.slice(0, 8)).toEqual(HEADER.split(','));
    expect(rows.map((r) => r[4])).toEqual(page.content.map((m: { membershipCode: string }) => m.membershipCode));
    expect(rows.map((r) => `${r[0]} ${r[1]}`)).toEqual(
      page.content.map((m: { firstName: string; lastName: string }) => `${m.firstName} ${m.lastName}`),
    );
    // Staff see the list but may not take the data out.
    expect((await api.exportMembers(b.staff)).statusCode).toBe(403);
  });

  it('a name that is a formula comes out inert (prefixed with a quote); numbers stay numbers', async () => {
    const b = await business(app);
    await addMember(app, b.admin, { firstName: '=HYPERLINK("http://evil.test","click")', lastName: '+SUM(A1)' });
    const [, row] = csvRecords((await api.exportMembers(b.admin)).body);
    expect(row?.[0]).toBe(`'=HYPERLINK("http://evil.test","click")`);
    expect(row?.[1]).toBe(`'+SUM(A1)`);
    expect(row?.[6]).toBe('0');
  });

  it('full-width and small formula characters come out prefixed too, and an import takes them back as they were', async () => {
    const b = await business(app);
    await addMember(app, b.admin, { firstName: '\uFF1D1+1', lastName: '\uFF0BSUM(A1)' });
    await addMember(app, b.admin, { firstName: '\uFF0D2+3', lastName: '\uFF20SUM(A1)' });
    await addMember(app, b.admin, { firstName: '\uFE661+1', lastName: '\u2212SUM(A1)' });
    const csv = (await api.exportMembers(b.admin)).body;
    const names = csvRecords(csv)
      .slice(1)
      .map((r) => [r[0], r[1]]);
    expect(names.sort()).toEqual(
      [
        ["'\uFE661+1", "'\u2212SUM(A1)"],
        ["'\uFF0D2+3", "'\uFF20SUM(A1)"],
        ["'\uFF1D1+1", "'\uFF0BSUM(A1)"],
      ].sort(),
    );
    const to = await business(app);
    expect(await api.importAndWait(to.admin, csv)).toMatchObject({ created: 3, errors: [] });
    const imported = (await list.list(to.admin))
      .json()
      .content.map((m: { firstName: string }) => m.firstName)
      .sort();
    expect(imported).toEqual(['\uFE661+1', '\uFF0D2+3', '\uFF1D1+1'].sort());
  });

  it('an import refuses invisible and line-breaking characters at their field and keeps emoji and CJK', async () => {
    const b = await business(app);
    const bad = [
      '\u200C',
      '\u200D',
      '\u2060',
      '\uFEFF',
      '\u200E',
      '\u200F',
      '\u061C',
      '\u180E',
      '\u00AD',
      '\u034F',
      '\u3164',
      '\u115F',
      '\u1160',
      '\u2061',
      '\u0085',
      '\u2028',
      '\u2029',
      '\t',
    ];
    const lines = bad.map((c) => `Mi${c}a,Chen,,,,,,`);
    // Quoted, a line break is part of the cell: still refused in a name.
    lines.push('"Le\no",Chan,,,,,,', '"An\ra",Silva,,,,,,');
    lines.push('Mia 👩\u200D💻,陳,,,,,,', '大文,陳,,,,,,', '🏳\uFE0F\u200D🌈,Wong,,,,,,');
    const res = await api.import(b.admin, [HEADER, ...lines].join('\n'), ENGLISH_MAPPING, true);
    expect(res.statusCode).toBe(202);
    const status = (await api.status(b.admin, res.json().importId)).json();
    expect(status).toMatchObject({ total: bad.length + 5, created: 3 });
    expect(status.errors.map((e: { row: number; field: string }) => [e.row, e.field])).toEqual(
      [...bad, 'LF', 'CR'].map((_, i) => [i + 2, 'firstName']),
    );
  });

  it('Chinese names survive the round trip: export from one business, import into another', async () => {
    const from = await business(app);
    await addMember(app, from.admin, { firstName: '大文', lastName: '陳', phone: uniquePhone() });
    await addMember(app, from.admin, { firstName: '小明', lastName: '王', email: 'xm@example.test' });
    const csv = (await api.exportMembers(from.admin)).body;
    const to = await business(app);
    const done = await api.importAndWait(to.admin, csv);
    expect(done).toMatchObject({ state: 'done', total: 2, processed: 2, created: 2, updated: 0, errors: [] });
    const names = (await list.list(to.admin))
      .json()
      .content.map((m: { firstName: string; lastName: string }) => `${m.lastName}${m.firstName}`);
    expect(names.sort()).toEqual(['王小明', '陳大文']);
  });

  it('a dry run lists every bad row with its field and stores nothing but its own record', async () => {
    const b = await business(app);
    await insertTiers(app, b.tenantId);
    const phone = uniquePhone();
    const csv = [
      HEADER,
      `Mia,Chen,mia@example.test,${phone},,Gold,100,`,
      ',Wong,,,,,,',
      'Leo,Chan,not-an-email,,,,,',
      `Ana,Silva,,${phone},,,,`,
      'Ken,Ho,,,,Platinum,,',
      'Amy,Lee,,,,,-5,',
    ].join('\n');
    const res = await api.import(b.admin, csv, ENGLISH_MAPPING, true);
    expect(res.statusCode).toBe(202);
    const status = (await api.status(b.admin, res.json().importId)).json();
    expect(status).toMatchObject({ state: 'done', dryRun: true, total: 6, created: 1, updated: 0 });
    expect(status.errors).toEqual([
      { row: 3, field: 'firstName', message: 'Required' },
      { row: 4, field: 'email', message: 'Invalid email' },
      { row: 5, field: 'phone', message: 'This phone appears on another row of the file' },
      { row: 6, field: 'tier', message: 'No tier of this business has this name' },
      { row: 7, field: 'points', message: 'Points must be a whole number of 0 or more' },
    ]);
    expect(await countOf(app, members, b.tenantId)).toBe(0);
    expect(await countOf(app, pointsLedger, b.tenantId)).toBe(0);
    expect(await countOf(app, imports, b.tenantId)).toBe(1);
    const errorsCsv = await app.inject({
      url: `/api/tenants/imports/${status.id}/errors.csv`,
      headers: { authorization: `Bearer ${b.admin}` },
    });
    expect(csvRecords(errorsCsv.body)).toEqual([
      ['Row', 'Field', 'Message'],
      ...status.errors.map((e: { row: number; field: string; message: string }) => [String(e.row), e.field, e.message]),
    ]);
  });

  it('a bad row never stops the good ones; points open as IMPORT entries and spend sets the tier', async () => {
    const b = await business(app);
    const tiers = await insertTiers(app, b.tenantId);
    const csv = [
      HEADER,
      `Mia,Chen,,${uniquePhone()},,,250,2500`,
      'Bad,Row,nope,,,,,',
      `Leo,Chan,leo@example.test,,,,,100.50`,
      'Ken,Ho,,,,Platinum,,',
      `Ana,Silva,,,,Silver,40,`,
    ].join('\n');
    const done = await api.importAndWait(b.admin, csv);
    expect(done).toMatchObject({ state: 'done', total: 5, processed: 5, created: 3, updated: 0 });
    expect(done.errors.map((e) => [e.row, e.field])).toEqual([
      [3, 'email'],
      [5, 'tier'],
    ]);
    const rows = (await list.list(b.admin)).json().content as {
      firstName: string;
      pointsBalance: number;
      tierId: string;
    }[];
    const by = Object.fromEntries(rows.map((r) => [r.firstName, r]));
    expect(by.Mia).toMatchObject({ pointsBalance: 250, tierId: tiers.gold });
    expect(by.Leo).toMatchObject({ pointsBalance: 0, tierId: tiers.basic });
    expect(by.Ana).toMatchObject({ pointsBalance: 40, tierId: tiers.silver });
    const ledger = await app.database.db
      .select({ type: pointsLedger.type, points: pointsLedger.points })
      .from(pointsLedger)
      .where(sql`${pointsLedger.tenantId} = ${b.tenantId}`);
    expect(ledger.map((e) => `${e.type} ${e.points}`).sort()).toEqual(['IMPORT 250', 'IMPORT 40']);
  });

  it('importing the same file twice changes nothing the second time; a row matching by phone or e-mail updates', async () => {
    const b = await business(app);
    await insertTiers(app, b.tenantId);
    const phone = uniquePhone();
    const existing = await addMember(app, b.admin, { firstName: 'Old', lastName: 'Name', phone });
    const csv = [HEADER, `Mia,Chen,,${phone},,,300,600`, 'Leo,Chan,leo@example.test,,,,120,'].join('\n');
    const first = await api.importAndWait(b.admin, csv);
    expect(first).toMatchObject({ created: 1, updated: 1, errors: [] });
    const after = (await list.get(b.admin, existing)).json();
    expect(after).toMatchObject({ firstName: 'Mia', lastName: 'Chen', pointsBalance: 300, lifetimeSpend: 600 });
    const snapshot = async () => ({
      members: await countOf(app, members, b.tenantId),
      ledger: await countOf(app, pointsLedger, b.tenantId),
      list: (await list.list(b.admin)).json().content,
    });
    const before = await snapshot();
    // Updated counts members a row changed, not rows that matched one: the dry run and the run agree.
    const check = await api.import(b.admin, csv, ENGLISH_MAPPING, true);
    expect((await api.status(b.admin, check.json().importId)).json()).toMatchObject({ created: 0, updated: 0 });
    const second = await api.importAndWait(b.admin, csv);
    expect(second).toMatchObject({ state: 'done', total: 2, processed: 2, created: 0, updated: 0, errors: [] });
    expect(await snapshot()).toEqual(before);
    // A fresh export imported back changes nothing either: points are the balance the member should have.
    const exported = (await api.exportMembers(b.admin)).body;
    await api.importAndWait(b.admin, exported);
    expect(await snapshot()).toEqual(before);
  });

  it('a row that changes one field of a member counts as one update; points alone count too', async () => {
    const b = await business(app);
    const phone = uniquePhone();
    await addMember(app, b.admin, { firstName: 'Mia', lastName: 'Chen', phone });
    await addMember(app, b.admin, { firstName: 'Leo', lastName: 'Chan', email: 'leo@example.test' });
    await addMember(app, b.admin, { firstName: 'Ana', lastName: 'Silva', email: 'ana@example.test' });
    const csv = [
      HEADER,
      `Mia,Wong,,${phone},,,,`,
      'Leo,Chan,leo@example.test,,,,75,',
      'Ana,Silva,ana@example.test,,,,,',
    ].join('\n');
    const check = await api.import(b.admin, csv, ENGLISH_MAPPING, true);
    expect((await api.status(b.admin, check.json().importId)).json()).toMatchObject({ created: 0, updated: 2 });
    expect(await api.importAndWait(b.admin, csv)).toMatchObject({ created: 0, updated: 2, errors: [] });
  });

  it.each([
    ['a header alone', HEADER],
    ['a header and blank lines', `${HEADER}\n\n\n`],
    ['only bad rows', `${HEADER}\n,Wong,,,,,,\nLeo,Chan,not-an-email,,,,,`],
  ])('an import of %s finishes with zero counts instead of waiting for ever', async (_, csv) => {
    const b = await business(app);
    const rows = csv.split('\n').filter((line) => line && line !== HEADER).length;
    const done = await api.importAndWait(b.admin, csv);
    expect(done).toMatchObject({ state: 'done', total: rows, processed: rows, created: 0, updated: 0 });
    expect(done.errors).toHaveLength(rows);
    expect(await countOf(app, members, b.tenantId)).toBe(0);
  });

  // On PGlite the database runs in the server's thread, and the job held it from its first batch to
  // its last, so no request was answered meanwhile. Health is asked over a real socket (an injected request
  // needs no turn of the event loop) and the import's progress read after each answer: answers must come in
  // while the import is under way, not only before and after it.
  it.runIf(engine === 'pglite')(
    'the server answers requests between the batches of a 10,000-row import',
    async () => {
      const b = await business(app);
      const rows = 10_000;
      const lines = [HEADER];
      for (let i = 1; i <= rows; i++) lines.push(`客${i},陳,,,,,${i % 500},`);
      const started = await api.import(b.admin, lines.join('\n'));
      expect(started.statusCode).toBe(202);
      const { importId } = started.json();
      const base = await app.listen({ port: 0, host: '127.0.0.1' });
      const seenRunning = new Set<number>();
      let state = 'queued';
      while (state !== 'done' && state !== 'failed') {
        expect((await fetch(`${base}/api/health`)).status).toBe(200);
        const status = await (
          await fetch(`${base}/api/tenants/imports/${importId}`, { headers: bearer(b.admin) })
        ).json();
        state = status.state;
        if (state === 'running') seenRunning.add(status.processed);
      }
      expect(state).toBe('done');
      expect(await countOf(app, members, b.tenantId)).toBe(rows);
      // Answers at three or more points of the run at least (the job has a hundred batches to give way between).
      expect(seenRunning.size).toBeGreaterThanOrEqual(3);
    },
    300_000,
  );

  it('exports the ledger of one member and of a time range, oldest first, negative points as numbers', async () => {
    const b = await business(app);
    await insertSettings(app, b.tenantId);
    const mia = await addMember(app, b.admin, { firstName: 'Mia', lastName: 'Chen' });
    const leo = await addMember(app, b.admin, { firstName: 'Leo', lastName: 'Chan' });
    await list.record(b.staff, mia, { type: 'PURCHASE', amount: 12.5 });
    await list.record(b.admin, mia, { type: 'ADJUST', points: -25, reason: '-fix' });
    await list.record(b.staff, leo, { type: 'PURCHASE', amount: 3 });
    const one = await app.inject({ url: `/api/tenants/member/${mia}/transactions.csv`, headers: bearer(b.admin) });
    expect(one.statusCode, one.body).toBe(200);
    const [header, ...rows] = csvRecords(one.body);
    expect(header).toEqual([
      'Date',
      'Membership code',
      'First name',
      'Last name',
      'Type',
      'Points',
      'Amount',
      'Reason',
      'Entry id',
      'Reverses entry',
    ]);
    expect(rows.map((r) => [r[2], r[4], r[5], r[6], r[7]])).toEqual([
      ['Mia', 'PURCHASE', '125', '12.5', ''],
      ['Mia', 'ADJUST', '-25', '', "'-fix"],
    ]);
    const all = await app.inject({ url: '/api/tenants/transactions/export.csv', headers: bearer(b.admin) });
    expect(
      csvRecords(all.body)
        .slice(1)
        .map((r) => r[2]),
    ).toEqual(['Mia', 'Mia', 'Leo']);
    const none = await app.inject({
      url: '/api/tenants/transactions/export.csv?from=2999-01-01T00:00:00Z',
      headers: bearer(b.admin),
    });
    expect(csvRecords(none.body)).toHaveLength(1);
    // Years ISO allows and PostgreSQL does not: 400 at the field, never a 500.
    for (const from of ['0000-01-01T00:00:00Z', '+275760-09-13T00:00:00Z']) {
      const bad = await app.inject({
        url: `/api/tenants/transactions/export.csv?from=${encodeURIComponent(from)}`,
        headers: bearer(b.admin),
      });
      expect(bad.statusCode, from).toBe(400);
      expect(bad.json().errors).toHaveProperty('from');
    }
    const other = await business(app);
    const foreign = await app.inject({
      url: `/api/tenants/member/${mia}/transactions.csv`,
      headers: bearer(other.admin),
    });
    expect(foreign.statusCode).toBe(404);
  });

  it('refuses a file without first and last name mapped, and answers 404 for another tenant’s import', async () => {
    const b = await business(app);
    const res = await api.import(b.admin, `${HEADER}\nMia,Chen,,,,,,`, { Email: 'email' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ mapping: 'Map the columns: first name and last name are needed' });
    const ok = await api.import(b.admin, `${HEADER}\nMia,Chen,,,,,,`, ENGLISH_MAPPING, true);
    const other = await business(app);
    expect((await api.status(other.admin, ok.json().importId)).statusCode).toBe(404);
  });

  it("without a mapping, matches the documented field names and the export's own headers", async () => {
    const b = await business(app);
    const documented = await api.importAndWait(
      b.admin,
      `firstName,lastName,email,phone,points\nMia,Chen,mia@example.test,${uniquePhone()},40\n`,
      null,
    );
    expect(documented).toMatchObject({ state: 'done', created: 1, errors: [] });
    const exported = await api.exportMembers(b.admin);
    const other = await business(app);
    const back = await api.importAndWait(other.admin, exported.body, null);
    expect(back).toMatchObject({ state: 'done', created: 1, errors: [] });
    expect((await list.list(other.admin)).json().content).toMatchObject([
      { firstName: 'Mia', lastName: 'Chen', email: 'mia@example.test', pointsBalance: 40 },
    ]);
    const nameless = await api.import(b.admin, 'email,phone\nx@example.test,\n', null);
    expect(nameless.statusCode).toBe(400);
    expect(nameless.json().errors).toEqual({ mapping: 'Map the columns: first name and last name are needed' });
  });

  it('stamps import as the stamps the current card should hold: one IMPORT entry each, below a full card', async () => {
    const b = await business(app);
    const stamps = stampsApi(app);
    const rewardId = await addReward(app, b.owner);
    expect((await stamps.save(b.owner, { stampsPerCard: 8, earn: 'PER_VISIT', rewardId })).statusCode).toBe(200);
    const [twoPhone, sixPhone] = [uniquePhone(), uniquePhone()];
    const two = await addMember(app, b.admin, { firstName: 'Two', lastName: 'Stamps', phone: twoPhone });
    const six = await addMember(app, b.admin, { firstName: 'Six', lastName: 'Stamps', phone: sixPhone });
    expect((await stamps.add(b.staff, two, { count: 2 })).statusCode).toBe(201);
    expect((await stamps.add(b.staff, six, { count: 6 })).statusCode).toBe(201);
    // No mapping: the documented field name `stamps` maps itself.
    const csv = [
      'firstName,lastName,phone,stamps',
      `Mia,Chen,${uniquePhone()},5`,
      `Two,Stamps,${twoPhone},3`,
      `Six,Stamps,${sixPhone},1`,
      `Full,Card,${uniquePhone()},8`,
      `Bad,Count,${uniquePhone()},x`,
      `Leo,Chan,${uniquePhone()},`,
    ].join('\n');
    const check = await api.import(b.admin, csv, null, true);
    expect(check.statusCode, check.body).toBe(202);
    const checked = (await api.status(b.admin, check.json().importId)).json();
    expect(checked).toMatchObject({ created: 3, updated: 2 });
    const problems = [
      { row: 5, field: 'stamps', message: 'Stamps must be fewer than a full card holds' },
      { row: 6, field: 'stamps', message: 'Stamps must be a whole number of 0 or more' },
    ];
    expect(checked.errors).toEqual(expect.arrayContaining(problems));
    expect(await countOf(app, stampLedger, b.tenantId)).toBe(2);

    const done = await api.importAndWait(b.admin, csv, null);
    expect(done).toMatchObject({ state: 'done', created: 3, updated: 2 });
    expect(done.errors).toEqual(expect.arrayContaining(problems));
    expect(done.errors).toHaveLength(2);
    const rows = (await list.list(b.admin)).json().content as { firstName: string; stamps: number }[];
    expect(Object.fromEntries(rows.map((r) => [r.firstName, r.stamps]))).toEqual({
      Mia: 5,
      Two: 3,
      Six: 1,
      Full: 0,
      Leo: 0,
    });
    const entries = await app.database.db
      .select({ type: stampLedger.type, stamps: stampLedger.stamps })
      .from(stampLedger)
      .where(sql`${stampLedger.tenantId} = ${b.tenantId} and ${stampLedger.type} = 'IMPORT'`);
    expect(entries.map((e) => e.stamps).sort((x, y) => x - y)).toEqual([-5, 1, 5]);
    // The same file again, and an export imported back, change no card.
    const before = await countOf(app, stampLedger, b.tenantId);
    expect(await api.importAndWait(b.admin, csv, null)).toMatchObject({ created: 0, updated: 0 });
    await api.importAndWait(b.admin, (await api.exportMembers(b.admin)).body, null);
    expect(await countOf(app, stampLedger, b.tenantId)).toBe(before);

    // A business without a stamp card: stamps of 0 change nothing; any other is refused at the field.
    const plain = await business(app);
    const none = await api.importAndWait(plain.admin, `firstName,lastName,stamps\nAna,Silva,0\nBo,Lee,2\n`, null);
    expect(none).toMatchObject({ created: 2 });
    expect(none.errors).toEqual([
      { row: 3, field: 'stamps', message: 'Set up the stamp card before importing stamps' },
    ]);
  });
});
