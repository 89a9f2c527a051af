import { PASS_LABEL_TRANSLATIONS, type PassLabelField } from '@loyalty/contracts';
import type * as React from 'react';
import { useWatch } from 'react-hook-form';
import { DeferredSelect } from '@/components/deferred-select';
import { TextField } from '@/components/form-fields';
import { SectionCard } from '@/components/section-card';
import { FormField, FormItem, FormLabel } from '@/components/ui/form';
import { Switch } from '@/components/ui/switch';
import type { MessageKey } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { illegibleParts } from '../lib/colour-legibility';
import { ColorField } from './color-field';

function SwitchRow({ name, label }: { name: 'showPoints' | 'showLastUpdate'; label: MessageKey }) {
  const t = useT();
  return (
    <FormField
      name={name}
      render={({ field }) => (
        <FormItem id={name} className="flex items-center justify-between gap-4 rounded-md border px-3 py-2.5">
          <FormLabel>{t(label)}</FormLabel>
          <Switch id={name} checked={field.value} onCheckedChange={field.onChange} disabled={field.disabled} />
        </FormItem>
      )}
    />
  );
}

/** A card of the form: its title and description are the `walletSettings.{part}Title` and `…Description` texts. */
function WalletSection({
  part,
  contentClassName,
  children,
}: {
  part: 'basic' | 'colors' | 'labels';
  contentClassName: string;
  children: React.ReactNode;
}) {
  const t = useT();
  return (
    <SectionCard
      title={t(`walletSettings.${part}Title`)}
      description={t(`walletSettings.${part}Description`)}
      contentClassName={contentClassName}
    >
      {children}
    </SectionCard>
  );
}

const CARD_STYLES = [
  { value: 'storeCard', label: 'walletSettings.storeCard' },
  { value: 'generic', label: 'walletSettings.generic' },
] as const satisfies { value: string; label: MessageKey }[];

export function BasicSection({ disabled }: { disabled: boolean }) {
  const t = useT();
  return (
    <WalletSection part="basic" contentClassName="grid gap-4">
      <FormField
        name="style"
        render={({ field }) => (
          <FormItem id="style">
            <FormLabel>{t('walletSettings.cardStyle')}</FormLabel>
            <DeferredSelect
              id="style"
              className="w-full"
              value={field.value}
              options={CARD_STYLES.map((style) => ({ value: style.value, label: t(style.label) }))}
              onValueChange={field.onChange}
              disabled={disabled}
            />
          </FormItem>
        )}
      />
      <TextField
        id="heroText"
        name="heroText"
        label={t('walletSettings.heroText')}
        placeholder={t('walletSettings.heroPlaceholder')}
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <SwitchRow name="showPoints" label="walletSettings.showPoints" />
        <SwitchRow name="showLastUpdate" label="walletSettings.showLastUpdate" />
      </div>
    </WalletSection>
  );
}

const COLORS = [
  { name: 'backgroundColor', label: 'walletSettings.backgroundColor' },
  { name: 'foregroundColor', label: 'walletSettings.foregroundColor' },
  { name: 'labelColor', label: 'walletSettings.labelColor' },
] as const satisfies { name: string; label: MessageKey }[];

export function ColorsSection({ disabled }: { disabled: boolean }) {
  const t = useT();
  return (
    <WalletSection part="colors" contentClassName="grid gap-4 sm:grid-cols-3">
      {COLORS.map((c) => (
        <FormField
          key={c.name}
          name={c.name}
          render={({ field, fieldState }) => (
            <ColorField
              id={c.name}
              label={t(c.label)}
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message && translateText(fieldState.error.message)}
              disabled={disabled}
            />
          )}
        />
      ))}
      <LegibilityWarning />
    </WalletSection>
  );
}

/** Says which of the pass's texts cannot be read on its background, as the owner picks the colours. */
function LegibilityWarning() {
  const t = useT();
  const [backgroundColor, foregroundColor, labelColor] = useWatch({
    name: ['backgroundColor', 'foregroundColor', 'labelColor'],
  }) as [string, string, string];
  const parts = illegibleParts({ backgroundColor, foregroundColor, labelColor });
  return (
    <div role="status" className="sm:col-span-3">
      {parts.map(({ part, ratio }) => (
        <p key={part} className="rounded-md border border-amber-300 bg-amber-50 px-3 py-2 text-amber-900 text-sm">
          {t(`walletSettings.illegible.${part}`, { ratio: String(ratio) })}
        </p>
      ))}
    </div>
  );
}

const LABELS = [
  { name: 'lblMemberName', label: 'walletSettings.memberNameLabel' },
  { name: 'lblMembershipLvl', label: 'walletSettings.membershipLevelLabel' },
  { name: 'lblLastUpdate', label: 'walletSettings.lastUpdateLabel' },
  { name: 'lblPoints', label: 'walletSettings.pointsLabel' },
] as const satisfies { name: PassLabelField; label: MessageKey }[];

/**
 * Each label in English (the spec's fields) and, beside it, in Traditional and Simplified Chinese; an empty
 * Chinese field shows the product's translation on the pass, given as its placeholder.
 */
export function LabelsSection() {
  const t = useT();
  return (
    <WalletSection part="labels" contentClassName="grid gap-4">
      {LABELS.map(({ name, label }) => (
        <div key={name} className="grid gap-3 sm:grid-cols-3">
          <TextField id={name} name={name} label={t(label)} />
          <TextField
            id={`${name}Zh`}
            name={`${name}Zh`}
            label={t('walletSettings.labelInTraditional', { label: t(label) })}
            placeholder={PASS_LABEL_TRANSLATIONS[name]['zh-Hant']}
          />
          <TextField
            id={`${name}Cn`}
            name={`${name}Cn`}
            label={t('walletSettings.labelInSimplified', { label: t(label) })}
            placeholder={PASS_LABEL_TRANSLATIONS[name]['zh-Hans']}
          />
        </div>
      ))}
    </WalletSection>
  );
}
