import { setupComplete } from '@loyalty/contracts';
import { ArrowRightIcon, CheckCircle2Icon, CircleIcon, XIcon } from 'lucide-react';
import { Link } from 'react-router';
import { AFTER_SETUP, SETUP_STEP_PLACES } from '@/components/setup-steps';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useT } from '@/lib/i18n/use-t';
import { useDismissSetup, useSetup } from '@/lib/setup-api';

/**
 * The owner's and admins' way from a new business to its first customer's wallet card: each step a link to where
 * it is done, ticked from the business's own data; hidden once dismissed. Once every required step is done (the
 * first member has joined) it stays, ticked, with a last row to the counter, until hidden.
 */
export function SetupChecklist({ canWrite }: { canWrite: boolean }) {
  const t = useT();
  const query = useSetup(canWrite);
  const dismiss = useDismissSetup();
  const setup = query.data;
  if (!canWrite || !setup || setup.dismissed) return null;
  const done = setup.steps.filter((step) => step.done).length;
  const complete = setupComplete(setup);
  return (
    <Card aria-labelledby="setup-title" data-testid="setup-checklist">
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="grid gap-1.5">
          <CardTitle>
            <h2 id="setup-title">{t(complete ? 'setup.completeTitle' : 'setup.title')}</h2>
          </CardTitle>
          <CardDescription>
            {complete ? t('setup.completeProgress') : t('setup.progress', { done, total: setup.steps.length })}
          </CardDescription>
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
            const { to, label, hint } = SETUP_STEP_PLACES[step.key];
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
          {complete && (
            <li>
              <Link
                to={AFTER_SETUP.to}
                data-step="counter"
                className="flex items-start gap-3 rounded-md border border-primary/40 bg-primary/5 px-3 py-2 hover:bg-primary/10 focus-visible:outline-2"
              >
                <ArrowRightIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden="true" />
                <span className="grid gap-0.5">
                  <span className="font-medium">{t(AFTER_SETUP.label)}</span>
                  <span className="text-muted-foreground text-sm">{t(AFTER_SETUP.hint)}</span>
                </span>
              </Link>
            </li>
          )}
        </ol>
      </CardContent>
    </Card>
  );
}
