import type { BusinessProfile } from '@loyalty/contracts';
import * as React from 'react';
import { Labelled } from '@/components/labelled';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { toast } from '@/components/ui/use-toast';
import { failureMessage } from '@/lib/api-error';
import { timeZoneName } from '@/lib/i18n/time-zone-names';
import { useT } from '@/lib/i18n/use-t';
import { useBusinessProfile, useSaveQuietHours } from '../api/quiet-hours';

/** Quiet hours in the business's time zone: lock-screen notices wait until they end. */
export function QuietHoursCard() {
  const t = useT();
  const profile = useBusinessProfile();
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t('messages.quiet.title')}</CardTitle>
        <CardDescription>
          {t('messages.quiet.description', { timeZone: profile.data ? timeZoneName(profile.data.timeZone) : '' })}
        </CardDescription>
      </CardHeader>
      <CardContent>{profile.data && <QuietHoursForm profile={profile.data} />}</CardContent>
    </Card>
  );
}

/**
 * With no quiet hours, the card says so and offers to set them: the time fields (which show a suggested 22:00–08:00)
 * appear only once the owner asks, so no range is shown above "No quiet hours".
 */
function QuietHoursForm({ profile }: { profile: BusinessProfile }) {
  const t = useT();
  const save = useSaveQuietHours();
  const [adding, setAdding] = React.useState(false);
  const [from, setFrom] = React.useState(profile.quietHours?.from ?? '22:00');
  const [to, setTo] = React.useState(profile.quietHours?.to ?? '08:00');
  const store = (quietHours: BusinessProfile['quietHours']) =>
    save.mutate(
      { profile, quietHours },
      {
        onSuccess: () => {
          setAdding(false);
          toast({ title: t(quietHours ? 'messages.quiet.saved' : 'messages.quiet.cleared') });
        },
        onError: (error) => toast({ variant: 'destructive', title: failureMessage(error) }),
      },
    );
  if (!profile.quietHours && !adding) {
    return (
      <div className="flex flex-wrap items-center gap-3">
        <p className="text-muted-foreground text-sm">{t('messages.quiet.none')}</p>
        <Button type="button" variant="outline" onClick={() => setAdding(true)}>
          {t('messages.quiet.add')}
        </Button>
      </div>
    );
  }
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(e) => {
        e.preventDefault();
        store({ from, to });
      }}
    >
      <Labelled id="quiet-from" label={t('messages.quiet.from')}>
        <Input id="quiet-from" type="time" value={from} onChange={(e) => setFrom(e.target.value)} className="w-32" />
      </Labelled>
      <Labelled id="quiet-to" label={t('messages.quiet.to')}>
        <Input id="quiet-to" type="time" value={to} onChange={(e) => setTo(e.target.value)} className="w-32" />
      </Labelled>
      <Button type="submit" disabled={save.isPending}>
        {t('messages.quiet.save')}
      </Button>
      {profile.quietHours ? (
        <Button type="button" variant="outline" disabled={save.isPending} onClick={() => store(null)}>
          {t('messages.quiet.clear')}
        </Button>
      ) : (
        <Button type="button" variant="ghost" disabled={save.isPending} onClick={() => setAdding(false)}>
          {t('common.cancel')}
        </Button>
      )}
      {profile.quietHours && (
        <p className="w-full text-muted-foreground text-sm">
          {t('messages.quiet.current', { from: profile.quietHours.from, to: profile.quietHours.to })}
        </p>
      )}
    </form>
  );
}
