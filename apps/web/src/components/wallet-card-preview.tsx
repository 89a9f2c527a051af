import { HEX_COLOR, PASS_SETTINGS_DEFAULTS, type PassSettings, PREVIEW_MEMBER, passLabelIn } from '@loyalty/contracts';
import { ImageIcon } from 'lucide-react';
import type * as React from 'react';
import { formatDate, formatNumber } from '@/lib/i18n/format';
import type { Locale } from '@/lib/i18n/locales';
import { useLocale, useT } from '@/lib/i18n/use-t';
import { cn } from '@/lib/utils';

/** What the preview draws: the settings as typed, with images either stored or still uploading (local). */
export type PreviewSettings = PassSettings & { images: { logo: string; strip: string; background: string } };

const colour = (value: string, fallback: string) => (HEX_COLOR.test(value.trim()) ? value.trim() : fallback);

/** A pass field as Wallet draws it: a small upper-case label in the label colour, the value in the foreground colour. */
function PassField({
  label,
  value,
  labelColor,
  align = 'left',
  size = 'md',
  testId,
}: {
  label: string;
  value: string;
  labelColor: string;
  align?: 'left' | 'right';
  size?: 'md' | 'lg' | 'xl';
  testId: string;
}) {
  return (
    <div data-testid={testId} className={cn('min-w-0', align === 'right' && 'text-right')}>
      <div className="truncate font-semibold text-[10px] uppercase tracking-wide" style={{ color: labelColor }}>
        {label}
      </div>
      <div
        className={cn(
          'truncate',
          size === 'md' && 'text-sm',
          size === 'lg' && 'font-light text-2xl',
          size === 'xl' && 'font-light text-4xl leading-tight',
        )}
      >
        {value}
      </div>
    </div>
  );
}

function Picture({
  src,
  alt,
  className,
  compact,
}: {
  src: string;
  alt: string;
  className?: string;
  compact?: boolean;
}) {
  if (!src) {
    return (
      <div
        className={cn('flex items-center justify-center gap-1 bg-black/15 text-[10px] uppercase opacity-80', className)}
      >
        <ImageIcon className="size-3.5" aria-hidden="true" />
        {!compact && alt}
      </div>
    );
  }
  return <img src={src} alt={alt} className={cn('object-cover', className)} />;
}

/** Whose pass is drawn: the settings screen shows a sample member, a member's detail the member. */
interface PreviewMember {
  name: string;
  level: string;
  points: number;
  lastUpdate: string;
  /** Printed under the barcode (the membership code). */
  number: string;
}

/**
 * The sample member in the screen's language: the spec's John Doe, Gold and Jan 1, 2024 in English, a Chinese
 * name, tier and date in Chinese (a sample is not user data, so a Chinese screen shows no English in it).
 */
function sampleMember(t: ReturnType<typeof useT>, locale: Locale): PreviewMember {
  if (locale === 'en') return { ...PREVIEW_MEMBER, number: 'MBR-000125' };
  return {
    name: t('walletSettings.sampleName'),
    level: t('walletSettings.sampleLevel'),
    points: PREVIEW_MEMBER.points,
    lastUpdate: formatDate(new Date(2024, 0, 1)),
    number: 'MBR-000125',
  };
}

/** The barcode area every pass ends with: a white panel with a scannable-looking code and the member number. */
function Barcode({ number }: { number: string }) {
  const bars = [3, 1, 2, 1, 1, 3, 2, 1, 1, 2, 3, 1, 2, 2, 1, 1, 3, 1, 2, 1, 1, 2, 1, 3, 1, 2, 2, 1, 3, 1, 1, 2];
  return (
    <div data-testid="pass-barcode" className="mx-auto w-fit rounded-md bg-white px-4 pt-3 pb-1.5 text-center">
      <div className="flex h-12 items-stretch gap-[2px]" aria-hidden="true">
        {bars.map((width, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed decorative pattern
          <span key={i} className={i % 2 === 0 ? 'bg-black' : 'bg-white'} style={{ width: width * 1.5 }} />
        ))}
      </div>
      <div className="mt-1 font-mono text-[10px] text-black tracking-widest">{number}</div>
    </div>
  );
}

function Header({ s, right }: { s: PreviewSettings; right?: React.ReactNode }) {
  const t = useT();
  return (
    <div className="flex items-center gap-2 px-3 pt-3 pb-2">
      <Picture src={s.images.logo} alt={t('walletSettings.logo')} className="h-9 w-9 shrink-0 rounded-sm" compact />
      <div data-testid="pass-logo-text" className="min-w-0 flex-1 truncate font-semibold text-sm">
        {s.heroText.trim() || t('walletSettings.heroFallback')}
      </div>
      {right}
    </div>
  );
}

/** A live picture of the wallet pass: an Apple Wallet store card, or a generic pass, in the chosen colours. */
export function WalletCardPreview({ settings, member: shown }: { settings: PreviewSettings; member?: PreviewMember }) {
  const { locale } = useLocale();
  const t = useT();
  const who = shown ?? sampleMember(t, locale);
  // The labels as a pass in the screen's language shows them (the business's own, else the product's words).
  const s = {
    ...settings,
    lblMemberName: passLabelIn(settings, 'lblMemberName', locale),
    lblMembershipLvl: passLabelIn(settings, 'lblMembershipLvl', locale),
    lblLastUpdate: passLabelIn(settings, 'lblLastUpdate', locale),
    lblPoints: passLabelIn(settings, 'lblPoints', locale),
  };
  const d = PASS_SETTINGS_DEFAULTS;
  const background = colour(s.backgroundColor, d.backgroundColor);
  const foreground = colour(s.foregroundColor, d.foregroundColor);
  const labelColor = colour(s.labelColor, d.labelColor);
  const storeCard = s.style === 'storeCard';
  // The member's values are data (as typed); only the number follows the language.
  const points = formatNumber(who.points);
  const member = <PassField testId="pass-member" label={s.lblMemberName} value={who.name} labelColor={labelColor} />;
  const level = (
    <PassField
      testId="pass-level"
      label={s.lblMembershipLvl}
      value={who.level}
      labelColor={labelColor}
      align={storeCard ? 'right' : 'left'}
    />
  );
  const lastUpdate = s.showLastUpdate && (
    <PassField
      testId="pass-last-update"
      label={s.lblLastUpdate}
      value={who.lastUpdate}
      labelColor={labelColor}
      align="right"
    />
  );
  return (
    <figure
      data-testid="wallet-card-preview"
      data-style={s.style}
      aria-label={t(storeCard ? 'walletSettings.storeCardPreview' : 'walletSettings.genericPreview')}
      className="mx-auto w-full max-w-[340px] overflow-hidden rounded-2xl shadow-xl ring-1 ring-black/10"
      style={{ backgroundColor: background, color: foreground }}
    >
      {storeCard ? (
        <>
          <Header s={s} />
          <div className="relative h-[123px]">
            <Picture
              src={s.images.strip}
              alt={t('walletSettings.stripAlt')}
              className="absolute inset-0 h-full w-full"
            />
            {s.showPoints && (
              <div className="absolute bottom-2 left-3 drop-shadow-[0_1px_2px_rgba(0,0,0,0.45)]">
                <PassField testId="pass-points" label={s.lblPoints} value={points} labelColor={labelColor} size="xl" />
              </div>
            )}
          </div>
          <div className="grid grid-cols-2 gap-3 px-3 pt-3">
            {member}
            {level}
          </div>
          <div className="flex justify-end px-3 pt-2">{lastUpdate}</div>
        </>
      ) : (
        <>
          <Header
            s={s}
            right={
              s.showPoints && (
                <PassField
                  testId="pass-points"
                  label={s.lblPoints}
                  value={points}
                  labelColor={labelColor}
                  align="right"
                />
              )
            }
          />
          <div className="flex items-start gap-3 px-3 pt-3">
            <div className="min-w-0 flex-1">
              <PassField
                testId="pass-member"
                label={s.lblMemberName}
                value={who.name}
                labelColor={labelColor}
                size="lg"
              />
            </div>
            <Picture
              src={s.images.background}
              alt={t('walletSettings.thumbnail')}
              className="h-[90px] w-[90px] shrink-0 rounded-md"
            />
          </div>
          <div className="grid grid-cols-2 gap-3 px-3 pt-3">
            {level}
            {lastUpdate}
          </div>
        </>
      )}
      <div className="px-3 pt-5 pb-4">
        <Barcode number={who.number} />
      </div>
    </figure>
  );
}
