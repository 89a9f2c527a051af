import { setupBodySchema, setupSchema } from '@loyalty/contracts';
import { foundOr404 } from '../../lib/errors';
import { settingsRoutes } from '../../lib/settings-routes';
import { readSetup, setSetupDismissed } from './repository';

const NOT_FOUND = 'Business not found';

/** The dashboard's setup checklist: owners and admins set the business up, so staff get 403. */
export const setupRoutes = settingsRoutes({
  path: '/api/tenants/setup',
  name: 'setup checklist',
  missing: NOT_FOUND,
  saveMethod: 'PUT',
  schema: setupSchema,
  body: setupBodySchema,
  find: readSetup,
  save: async (db, tenantId, body, recordChange) => {
    await db.transaction(async (tx) => {
      await setSetupDismissed(tx, tenantId, body.dismissed);
      // The dashboard's checklist reads it again; the trail keeps no event of it.
      await recordChange(tx, 'setup');
    });
    return foundOr404(await readSetup(db, tenantId), NOT_FOUND);
  },
  tags: ['setup'],
  summaries: {
    read: 'The setup checklist: each step done or not, and whether it was dismissed',
    save: 'Dismiss the setup checklist, or show it again',
  },
  readAccess: 'admin',
});
