import { type SetupStepKey, setupComplete } from '@loyalty/contracts';
import { CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { useDismissSetup, useSetup } from '../api/setup';

/** Where each step is done, and what it says. */
const STEPS: Record<SetupStepKey, { to: string; label: MessageKey; hint: MessageKey }> = {
  points: { to: '/point-settings', label: 'setup.points', hint: 'setup.pointsHint' },
  card: { to: '/wallet-settings', label: 'setup.card', hint: 'setup.cardHint' },
  store: { to: '/store-settings', label: 'setup.store', hint: 'setup.storeHint' },
  // The enrolment screen proposes a join address from the store's name; switching the page on is the step.
  join: { to: '/enrolment', label: 'setup.join', hint: 'setup.joinHint' },
  poster: { to: '/enrolment', label: 'setup.poster', hint: 'setup.posterHint' },
  firstMember: { to: '/members', label: 'setup.firstMember', hint: 'setup.firstMemberHint' },
};

/**
 * The owner's and admins' way from a new business to its first customer's wallet card: each step a link to where
 * it is done, ticked from the business's own data; hidden once dismissed or once every required step is done.
 */
export function SetupChecklist({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const query = useSetup(canWrite);
  const dismiss = useDismissSetup();
  const setup = query.data;
  if (!canWrite || !setup || setup.dismissed || setupComplete(setup)) return null;
  const done = setup.steps.filter((step) => step.done).length;
  return (
    <Card aria-labelledby="setup-title" data-testid="setup-checklist">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 id="setup-title">{t('setup.title')}</h2>
          </CardTitle>
          <CardDescription>{t('setup.progress', { done, total: setup.steps.length })}</CardDescription>
        </div>
        <Button
          variant="ghost"
          size="sm"
          disabled={dismiss.isPending}
          onClick={() => dismiss.mutate({ dismissed: true })}
        >
          <XIcon aria-hidden="true" />
          {t('setup.dismiss')}
        </Button>
      </CardHeader>
      <CardContent>
        <ol className="grid gap-2">
          {setup.steps.map((step) => {
            const { to, label, hint } = STEPS[step.key];
            return (
              <li key={step.key}>
                <Link
                  to={to}
                  data-step={step.key}
                  className="flex items-start gap-3 rounded-md border px-3 py-2 hover:bg-muted/50 focus-visible:outline-2"
                >
                  {step.done ? (
                    <CheckCircle2Icon className="mt-0.5 size-5 shrink-0 text-green-600" aria-hidden="true" />
                  ) : (
                    <CircleIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
                  )}
                  <span className="grid gap-0.5">
                    <span className={step.done ? 'font-medium text-muted-foreground line-through' : 'font-medium'}>
                      {t(label)}
                      <span className="sr-only"> ({t(step.done ? 'setup.done' : 'setup.toDo')})</span>
                    </span>
                    <span className="text-muted-foreground text-sm">{t(hint)}</span>
                  </span>
                  {step.optional && (
                    <Badge variant="outline" className="ml-auto shrink-0">
                      {t('setup.optional')}
                    </Badge>
                  )}
                </Link>
              </li>
            );
          })}
        </ol>
      </CardContent>
    </Card>
  );
}
