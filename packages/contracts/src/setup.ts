import { z } from 'zod';

/**
 * The dashboard's setup checklist for owners and admins: each step is done when the business's own data says so
 * (points settings saved, a card design saved, the store's images saved, the join page open, a poster
 * downloaded, a first member). A pass is issued before any design is saved, so the card design is optional.
 */
export const SETUP_STEPS = ['points', 'card', 'store', 'join', 'poster', 'firstMember'] as const;
export type SetupStepKey = (typeof SETUP_STEPS)[number];
export const OPTIONAL_SETUP_STEPS: readonly SetupStepKey[] = ['card'];

export const setupStepSchema = z.object({ key: z.enum(SETUP_STEPS), done: z.boolean(), optional: z.boolean() });
export type SetupStep = z.infer<typeof setupStepSchema>;

export const setupSchema = z.object({ steps: z.array(setupStepSchema), dismissed: z.boolean() });
export type Setup = z.infer<typeof setupSchema>;

/** PUT /api/tenants/setup: hide (true) or show again (false) the checklist. */
export const setupBodySchema = z.object({
  dismissed: z.boolean({ error: 'Dismissed must be true or false' }),
});
export type SetupBody = z.infer<typeof setupBodySchema>;

/** Every step that is not optional is done: the checklist has nothing left to ask. */
export const setupComplete = (setup: Pick<Setup, 'steps'>) => setup.steps.every((step) => step.done || step.optional);
