import type { MessageAudience, SegmentFilter } from '@loyalty/contracts';
import * as React from 'react';
import { DeferredSelect } from '@/components/deferred-select';
import { Labelled } from '@/components/labelled';
import { SectionCard } from '@/components/section-card';
import { useT } from '@/lib/i18n/use-t';
import { useCanWrite } from '@/lib/workspace-context';
import { useSegmentPreview } from './api/preview-segment';
import { ComposeForm } from './components/compose-form';
import { MessagesLog } from './components/messages-log';
import { QuietHoursCard } from './components/quiet-hours-card';
import { SavedSegments, SaveSegment } from './components/saved-segments';
import { SegmentBuilder } from './components/segment-builder';
import { SegmentPreview } from './components/segment-preview';

type Kind = 'filter' | 'segment' | 'all';

/** A value that settles: the filter is counted once typing pauses, not on every key. */
function useSettled<T>(value: T, ms = 300): T {
  const [settled, setSettled] = React.useState(value);
  React.useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Messages to cardholders (owner and admin): build a segment with a live count, or pick a saved one or everyone,
 * write the message in three languages, send it now or later; the log fills as the queue works.
 */
export function MessagesPage() {
  const t = useT();
  const allowed = useCanWrite();
  return (
    // One shrinkable column: a grid's auto column grows to the widest table's min-content and the page is cut off
    // at the window's edge; minmax(0, 1fr) keeps it to the page, and wide tables scroll in their own region.
    <div className="grid min-w-0 grid-cols-1 gap-8">
      <div>
        <h1 className="font-bold text-2xl tracking-tight">{t('messages.title')}</h1>
        <p className="text-muted-foreground">{t('messages.subtitle')}</p>
      </div>
      {allowed ? <MessagesScreen /> : <p role="alert">{t('messages.adminsOnly')}</p>}
    </div>
  );
}

function MessagesScreen() {
  const t = useT();
  const [kind, setKind] = React.useState<Kind>('filter');
  const [filter, setFilter] = React.useState<SegmentFilter>({});
  const [segmentId, setSegmentId] = React.useState<string | null>(null);
  const settled = useSettled(filter);
  // What the audience holds: everyone, or the filter (a saved segment's is shown and counted as it is now).
  const counted = kind === 'all' ? {} : settled;
  const preview = useSegmentPreview(counted);
  const audience: MessageAudience | null =
    kind === 'all' ? { all: true } : kind === 'segment' ? (segmentId ? { segmentId } : null) : { filter: settled };

  return (
    <>
      <SectionCard
        title={t('messages.audience.title')}
        description={t('messages.audience.description')}
        contentClassName="grid gap-6"
      >
        <Labelled id="audience-kind" label={t('messages.audience.kind')} className="max-w-sm">
          <DeferredSelect
            id="audience-kind"
            value={kind}
            options={[
              { value: 'filter', label: t('messages.audience.filter') },
              { value: 'segment', label: t('messages.audience.segment') },
              { value: 'all', label: t('messages.audience.all') },
            ]}
            onValueChange={(value) => setKind(value as Kind)}
          />
        </Labelled>
        {kind === 'segment' && (
          <SavedSegments
            selected={segmentId}
            onPick={(segment) => {
              setSegmentId(segment.id);
              setFilter(segment.filter);
            }}
          />
        )}
        {kind === 'filter' && <SegmentBuilder filter={filter} onChange={setFilter} />}
        {(kind !== 'segment' || segmentId) && <SegmentPreview filter={counted} />}
        {kind === 'filter' && <SaveSegment filter={settled} />}
      </SectionCard>
      <SectionCard title={t('messages.compose.title')} description={t('messages.compose.description')}>
        <ComposeForm audience={audience} reachable={audience ? preview.data?.reachable : undefined} />
      </SectionCard>
      <QuietHoursCard />
      <section className="grid min-w-0 gap-3">
        <h2 className="font-semibold text-lg">{t('messages.log.title')}</h2>
        <MessagesLog />
      </section>
    </>
  );
}
