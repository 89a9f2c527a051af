import { CopyIcon, DownloadIcon } from 'lucide-react';
import * as React from 'react';
import { Labelled } from '@/components/labelled';
import { NextSetupStep } from '@/components/next-setup-step';
import { SectionCard } from '@/components/section-card';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/lib/i18n/i18n';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { type PosterFormat, useDownloadPoster, usePosterPreview } from '../api/enrolment';
import { LoopbackNote } from './loopback-note';

/** The saved join URL with a copy button, the poster (its QR) as the customer will scan it, and its downloads. */
export function JoinLinkCard({ joinUrl, enabled }: { joinUrl: string; enabled: boolean }) {
  const translate = useT();
  const { locale } = useLocale();
  // The poster follows the screen's language until the owner picks another (a shop may print both).
  const [chosen, setChosen] = React.useState<Locale | null>(null);
  const language = chosen ?? locale;
  const poster = usePosterPreview(joinUrl, language);
  const download = useDownloadPoster();
  const [downloaded, setDownloaded] = React.useState(false);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(joinUrl);
      toast({ title: t('enrolment.copied') });
    } catch {
      toast({ variant: 'destructive', title: t('settings.error'), description: t('enrolment.copyFailed') });
    }
  };
  const get = (format: PosterFormat) =>
    download.mutate(
      { format, language },
      {
        onSuccess: () => setDownloaded(true),
        onError: () =>
          toast({ variant: 'destructive', title: t('settings.error'), description: t('enrolment.downloadFailed') }),
      },
    );

  return (
    <SectionCard
      title={translate('enrolment.linkTitle')}
      description={translate(enabled ? 'enrolment.linkDescription' : 'enrolment.linkClosed')}
      contentClassName="grid gap-4"
    >
      <LoopbackNote joinUrl={joinUrl} />
      <Labelled id="enrolment-joinUrl" label={translate('enrolment.joinUrl')}>
        <div className="flex gap-2">
          <Input id="enrolment-joinUrl" value={joinUrl} readOnly className="bg-muted" />
          <Button type="button" variant="outline" onClick={copy}>
            <CopyIcon aria-hidden="true" />
            {translate('enrolment.copy')}
          </Button>
        </div>
      </Labelled>
      <Labelled id="enrolment-posterLanguage" label={translate('enrolment.posterLanguage')}>
        <select
          id="enrolment-posterLanguage"
          className="h-9 w-full cursor-pointer rounded-md border border-input bg-background px-3 text-sm focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring sm:w-56"
          value={language}
          onChange={(event) => {
            if (isLocale(event.target.value)) setChosen(event.target.value);
          }}
        >
          {LOCALES.map((value) => (
            <option key={value} value={value} lang={value}>
              {LOCALE_NAMES[value]}
            </option>
          ))}
        </select>
      </Labelled>
      <div className="grid justify-items-center gap-2 rounded-md border bg-white p-3">
        {poster.data ? (
          <img src={poster.data} alt={translate('enrolment.posterAlt')} className="h-auto w-full max-w-64" />
        ) : poster.isError ? (
          <p className="text-destructive text-sm">{translate('enrolment.posterFailed')}</p>
        ) : (
          <Skeleton
            role="status"
            aria-label={translate('enrolment.posterLoading')}
            className="aspect-[1240/1754] w-full max-w-64"
          />
        )}
      </div>
      <div className="flex flex-wrap justify-end gap-2">
        <Button type="button" variant="outline" onClick={() => get('png')} disabled={download.isPending}>
          <DownloadIcon aria-hidden="true" />
          {translate('enrolment.downloadPng')}
        </Button>
        <Button type="button" variant="outline" onClick={() => get('pdf')} disabled={download.isPending}>
          <DownloadIcon aria-hidden="true" />
          {translate('enrolment.downloadPdf')}
        </Button>
      </div>
      <NextSetupStep step="poster" saved={downloaded} />
    </SectionCard>
  );
}
