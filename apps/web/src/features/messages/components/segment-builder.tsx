import { LANGUAGE_NAMES, LANGUAGES, type SegmentFilter } from '@loyalty/contracts';
import { DateField } from '@/components/date-field';
import { DeferredSelect } from '@/components/deferred-select';
import { Labelled } from '@/components/labelled';
import { Input } from '@/components/ui/input';
import { localizedName } from '@/lib/i18n/localized-name';
import { useT } from '@/lib/i18n/use-t';
import { useTiers } from '../api/get-tiers';

const ANY = 'any';

/** A whole number typed in a field, or undefined while it is empty or not a number. */
const numberOf = (text: string) => (text.trim() === '' || Number.isNaN(Number(text)) ? undefined : Number(text));

/** Without the fields that are not set, so the preview's key and the saved filter hold only what narrows. */
function compactFilter(filter: SegmentFilter): SegmentFilter {
  return Object.fromEntries(
    Object.entries(filter).filter(([, v]) => v !== undefined && v !== '' && !(Array.isArray(v) && v.length === 0)),
  ) as SegmentFilter;
}

/**
 * The segment builder: tiers, balance, lifetime spend, last visit, join date, language and wallet pass. Every
 * change goes up at once; the page counts the members it holds.
 */
export function SegmentBuilder({ filter, onChange }: { filter: SegmentFilter; onChange: (f: SegmentFilter) => void }) {
  const t = useT();
  const tiers = useTiers();
  const set = (patch: Partial<SegmentFilter>) => onChange(compactFilter({ ...filter, ...patch }));
  const numberField = (id: string, key: 'minBalance' | 'maxBalance' | 'minLifetimeSpend', label: string) => (
    <Labelled id={id} label={label}>
      <Input
        id={id}
        inputMode="decimal"
        value={filter[key] ?? ''}
        onChange={(e) => set({ [key]: numberOf(e.target.value) })}
      />
    </Labelled>
  );
  const dayField = (
    id: string,
    key: 'lastVisitAfter' | 'lastVisitBefore' | 'joinedAfter' | 'joinedBefore',
    label: string,
  ) => (
    <DateField
      id={id}
      label={label}
      value={filter[key] ?? ''}
      onChange={(value) => set({ [key]: value || undefined })}
    />
  );
  const chosen = new Set(filter.tierIds ?? []);
  return (
    <div className="grid gap-4">
      <fieldset className="grid gap-2">
        <legend className="mb-2 font-medium text-sm">{t('messages.filter.tiers')}</legend>
        <div className="flex flex-wrap gap-x-4 gap-y-2">
          {(tiers.data?.content ?? []).map((tier) => (
            <label key={tier.id} className="flex items-center gap-2 text-sm">
              <input
                type="checkbox"
                className="size-4 accent-primary"
                checked={chosen.has(tier.id)}
                onChange={(e) => {
                  const next = new Set(chosen);
                  if (e.target.checked) next.add(tier.id);
                  else next.delete(tier.id);
                  set({ tierIds: [...next] });
                }}
              />
              {localizedName(tier.name, tier.nameZh, tier.nameCn)}
            </label>
          ))}
          {tiers.data?.content.length === 0 && (
            <span className="text-muted-foreground text-sm">{t('messages.filter.noTiers')}</span>
          )}
        </div>
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-3">
        {numberField('filter-min-balance', 'minBalance', t('messages.filter.minBalance'))}
        {numberField('filter-max-balance', 'maxBalance', t('messages.filter.maxBalance'))}
        {numberField('filter-min-spend', 'minLifetimeSpend', t('messages.filter.minLifetimeSpend'))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {dayField('filter-visit-after', 'lastVisitAfter', t('messages.filter.lastVisitAfter'))}
        {dayField('filter-visit-before', 'lastVisitBefore', t('messages.filter.lastVisitBefore'))}
        {dayField('filter-joined-after', 'joinedAfter', t('messages.filter.joinedAfter'))}
        {dayField('filter-joined-before', 'joinedBefore', t('messages.filter.joinedBefore'))}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Labelled id="filter-language" label={t('messages.filter.language')}>
          <DeferredSelect
            id="filter-language"
            value={filter.language ?? ANY}
            options={[
              { value: ANY, label: t('messages.filter.any') },
              ...LANGUAGES.map((l) => ({ value: l, label: LANGUAGE_NAMES[l] })),
            ]}
            onValueChange={(v) => set({ language: v === ANY ? undefined : (v as SegmentFilter['language']) })}
          />
        </Labelled>
        <Labelled id="filter-wallet" label={t('messages.filter.walletPass')}>
          <DeferredSelect
            id="filter-wallet"
            value={filter.hasWalletPass === undefined ? ANY : String(filter.hasWalletPass)}
            options={[
              { value: ANY, label: t('messages.filter.any') },
              { value: 'true', label: t('messages.filter.hasPass') },
              { value: 'false', label: t('messages.filter.noPass') },
            ]}
            onValueChange={(v) => set({ hasWalletPass: v === ANY ? undefined : v === 'true' })}
          />
        </Labelled>
      </div>
    </div>
  );
}
