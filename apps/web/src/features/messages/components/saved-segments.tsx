import type { Segment, SegmentFilter } from '@loyalty/contracts';
import { Trash2Icon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { toast } from '@/components/ui/use-toast';
import { ApiError, failureMessage } from '@/lib/api-error';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { useDeleteSegment } from '../api/delete-segment';
import { useSegments } from '../api/get-segments';
import { useSaveSegment } from '../api/save-segment';

/** Saves the filter being built under a name (unique per business, any letter case). */
export function SaveSegment({ filter }: { filter: SegmentFilter }) {
  const t = useT();
  const save = useSaveSegment();
  const [name, setName] = React.useState('');
  const [error, setError] = React.useState<string | null>(null);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    save.mutate(
      { name, filter },
      {
        onSuccess: () => {
          toast({ title: t('messages.segments.saved') });
          setName('');
          setError(null);
        },
        onError: (e) =>
          setError(e instanceof ApiError && e.fieldErrors.name ? translateText(e.fieldErrors.name) : failureMessage(e)),
      },
    );
  };
  return (
    <form onSubmit={submit} className="flex flex-wrap items-end gap-2" noValidate>
      <div className="grid min-w-48 flex-1 gap-2">
        <Label htmlFor="segment-name">{t('messages.segments.name')}</Label>
        <Input
          id="segment-name"
          value={name}
          maxLength={80}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'segment-name-error' : undefined}
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <Button type="submit" variant="outline" disabled={!name.trim() || save.isPending}>
        {t('messages.segments.save')}
      </Button>
      {error && (
        <p id="segment-name-error" className="w-full text-destructive text-sm">
          {error}
        </p>
      )}
    </form>
  );
}

/** The saved segments: pick one as the audience (its filter shown in the builder) or delete it. */
export function SavedSegments({ selected, onPick }: { selected: string | null; onPick: (segment: Segment) => void }) {
  const t = useT();
  const segments = useSegments();
  const remove = useDeleteSegment();
  if (!segments.data?.length) return <p className="text-muted-foreground text-sm">{t('messages.segments.none')}</p>;
  return (
    <ul className="flex flex-wrap gap-2">
      {segments.data.map((segment) => (
        <li key={segment.id} className="flex items-center gap-1">
          <Button
            type="button"
            size="sm"
            variant={selected === segment.id ? 'default' : 'outline'}
            aria-pressed={selected === segment.id}
            onClick={() => onPick(segment)}
          >
            {segment.name}
          </Button>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            aria-label={t('messages.segments.delete', { name: segment.name })}
            disabled={remove.isPending}
            onClick={() => remove.mutate(segment.id)}
          >
            <Trash2Icon className="size-4" />
          </Button>
        </li>
      ))}
    </ul>
  );
}
