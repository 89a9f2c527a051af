import { AlertCircleIcon } from 'lucide-react';
import type * as React from 'react';
import type { BrandImage } from '@/components/brand-images';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { activeLocale, type MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

/** The part of a TanStack query a settings screen reads. */
interface SettingsQuery<T> {
  data: T | undefined;
  error: Error | null;
  isError: boolean;
  isPending: boolean;
  isFetching: boolean;
  refetch: () => unknown;
}

/** The screens built on SettingsScreen: each has `.title`, `.subtitle`, `.loading` and `.fetchFailed` texts. */
type SettingsTexts = 'pointSettings' | 'walletSettings' | 'storeSettings' | 'enrolment' | 'stampCard';

/** The loading placeholder unless a screen draws its own: one tall block. */
const oneBlock = (label: string) => <Skeleton role="status" aria-label={label} className="h-96" />;

/**
 * The frame the settings screens share (docs/spec/data-screens.md §2): title and subtitle (the `texts` screen's),
 * a read-only notice for staff, then the spec's three states: the "Error Loading Settings" card with Retry, a
 * skeleton while loading (labelled with the screen's loading text), and the form once the record (or its 404
 * defaults) is there.
 */
export function SettingsScreen<T>({
  texts,
  canWrite,
  query,
  loadFailed = `${texts}.fetchFailed`,
  skeleton = oneBlock,
  children,
}: {
  texts: SettingsTexts;
  canWrite: boolean;
  query: SettingsQuery<T>;
  /** Shown when the failure carries no message of its own. */
  loadFailed?: MessageKey;
  skeleton?: (label: string) => React.ReactNode;
  children: (data: T | undefined) => React.ReactNode;
}) {
  const t = useT();
  return (
    <div className="grid gap-6">
      <div className="grid gap-1">
        <h1 className="font-bold text-2xl tracking-tight">{t(`${texts}.title`)}</h1>
        <p className="text-muted-foreground">{t(`${texts}.subtitle`)}</p>
      </div>
      {!canWrite && <p className="rounded-md border bg-muted/50 px-4 py-3 text-sm">{t('settings.readOnly')}</p>}
      {query.isError ? (
        <Card className="border-destructive/50">
          <CardHeader>
            <CardTitle className="flex items-center gap-2 text-destructive">
              <AlertCircleIcon className="size-5" aria-hidden="true" />
              {t('settings.loadError')}
            </CardTitle>
          </CardHeader>
          <CardContent className="grid justify-items-start gap-4">
            <p className="text-muted-foreground text-sm">{query.error?.message || t(loadFailed)}</p>
            <Button variant="outline" onClick={() => query.refetch()} disabled={query.isFetching}>
              {t('settings.retry')}
            </Button>
          </CardContent>
        </Card>
      ) : query.isPending ? (
        skeleton(t(`${texts}.loading`))
      ) : (
        children(query.data)
      )}
    </div>
  );
}

/** The settings forms' submit button: "Save", or "Saving…" while the save runs. */
export function SaveButton({
  pending,
  disabled = pending,
  describedBy,
}: {
  pending: boolean;
  disabled?: boolean;
  describedBy?: string;
}) {
  const t = useT();
  return (
    <Button type="submit" disabled={disabled} aria-describedby={describedBy}>
      {t(pending ? 'settings.saving' : 'settings.save')}
    </Button>
  );
}

/**
 * The save row of a settings form whose record needs every part filled (store, wallet pass): while any is
 * missing, the button is off and the line `hintId` beside it (which the button points at) names what is left,
 * after `lead` where given.
 */
export function SaveRow({
  hintId,
  missingNames,
  missing = missingNames.length > 0,
  busy,
  pending,
  lead,
}: {
  hintId: string;
  /** Whether Save waits; by default, whether any part is missing. */
  missing?: boolean;
  /** The missing parts' names, translated. */
  missingNames: string[];
  busy: boolean;
  pending: boolean;
  /** A line above the list of what is missing. */
  lead?: string;
}) {
  const t = useT();
  // Chinese punctuation is full width (docs/glossary.md).
  const names = missingNames.join(activeLocale() === 'en' ? ', ' : '、');
  const list = t('settings.stillMissing', { list: names });
  return (
    <div className="flex flex-wrap items-center justify-end gap-3">
      {missing &&
        (lead === undefined ? (
          <p id={hintId} className="text-muted-foreground text-sm">
            {list}
          </p>
        ) : (
          <p id={hintId} className="grid text-right text-muted-foreground text-sm">
            <span>{lead}</span>
            <span>{list}</span>
          </p>
        ))}
      <SaveButton pending={pending} disabled={busy || missing} describedBy={missing ? hintId : undefined} />
    </div>
  );
}

/** A part a branding record needs: whether it is filled, its name on the screen, and the image that fills it. */
export type RequiredPart = { filled: boolean; name: MessageKey; image?: BrandImage };

/**
 * What a branding form still waits for: the names of its empty parts, translated (for the save row), and
 * the images among them (which the drawing shortcut can fill).
 */
export function missingParts(parts: RequiredPart[], translate: (key: MessageKey) => string) {
  const empty = parts.filter((part) => !part.filled);
  return {
    missingNames: empty.map((part) => translate(part.name)),
    missingImages: empty.flatMap((part) => (part.image ? [part.image] : [])),
  };
}
