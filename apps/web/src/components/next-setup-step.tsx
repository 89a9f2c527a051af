import type { SetupStepKey } from '@loyalty/contracts';
import { ArrowRightIcon, CheckCircle2Icon } from 'lucide-react';
import * as React from 'react';
import { Link, useLocation } from 'react-router';
import { useT } from '@/lib/i18n/use-t';
import { useSetup } from '@/lib/setup-api';
import { AFTER_SETUP, nextSetupStep, SETUP_STEP_PLACES } from './setup-steps';

/**
 * After a first-run step is saved on its screen, the way to the next one (docs/design.md §9, First run): the
 * checklist read again, and a link to the next step not done (on this same screen: its name, no link), or to the
 * counter once nothing is left. Nothing before the save, for staff, or once the checklist was hidden.
 */
export function NextSetupStep({ step, saved }: { step: SetupStepKey; saved: boolean }) {
  const t = useT();
  const { pathname } = useLocation();
  const query = useSetup(saved);
  const { refetch } = query;
  React.useEffect(() => {
    if (saved) void refetch();
  }, [saved, refetch]);
  const setup = query.data;
  if (!saved || !setup || setup.dismissed || !query.isFetchedAfterMount || query.isFetching) return null;
  const nextKey = nextSetupStep(setup.steps, step);
  const next = nextKey ? SETUP_STEP_PLACES[nextKey] : AFTER_SETUP;
  const here = next.to === pathname;
  return (
    <div
      role="status"
      data-testid="next-setup-step"
      className="flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md border border-green-600/40 bg-green-50 px-4 py-3 text-sm dark:bg-green-950/30"
    >
      <CheckCircle2Icon className="size-5 shrink-0 text-green-700" aria-hidden="true" />
      <span className="font-medium">{t('setup.nextStep')}</span>
      {here ? (
        <span>
          {t(next.label)} <span className="text-muted-foreground">({t('setup.onThisScreen')})</span>
        </span>
      ) : (
        <Link
          to={next.to}
          className="inline-flex items-center gap-1 font-medium text-primary underline underline-offset-4"
        >
          {t(next.label)}
          <ArrowRightIcon className="size-4" aria-hidden="true" />
        </Link>
      )}
      <span className="basis-full text-muted-foreground">{t(next.hint)}</span>
    </div>
  );
}
