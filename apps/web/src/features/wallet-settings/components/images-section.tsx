import { ImageDropzone } from '@/components/image-dropzone';
import { SectionCard } from '@/components/section-card';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';

export type ImageSlot = 'logo' | 'strip' | 'background';
export const IMAGE_FIELDS = { logo: 'logoUrl', strip: 'stripUrl', background: 'backgroundUrl' } as const;

/** docs/spec/data-screens.md §2 hints and §8 toast names, per slot (catalogue keys, translated where shown). */
export const SLOTS: {
  slot: ImageSlot;
  label: MessageKey;
  hint: MessageKey;
  uploaded: MessageKey;
  failed: MessageKey;
}[] = [
  {
    slot: 'logo',
    label: 'walletSettings.logo',
    hint: 'walletSettings.logoHint',
    uploaded: 'walletSettings.logoUploaded',
    failed: 'walletSettings.logoFailed',
  },
  {
    slot: 'strip',
    label: 'walletSettings.strip',
    hint: 'walletSettings.stripHint',
    uploaded: 'walletSettings.stripUploaded',
    failed: 'walletSettings.stripFailed',
  },
  {
    slot: 'background',
    label: 'walletSettings.background',
    hint: 'walletSettings.backgroundHint',
    uploaded: 'walletSettings.backgroundUploaded',
    failed: 'walletSettings.backgroundFailed',
  },
];

export function ImagesSection({
  urls,
  disabled,
  onFileChosen,
  onUploadingChange,
  onUploaded,
  onError,
}: {
  urls: Record<ImageSlot, string>;
  disabled: boolean;
  onFileChosen: (slot: ImageSlot, file: File) => void;
  onUploadingChange: (slot: ImageSlot, uploading: boolean) => void;
  onUploaded: (slot: ImageSlot, url: string) => void;
  onError: (slot: ImageSlot) => void;
}) {
  const t = useT();
  return (
    <SectionCard
      title={t('walletSettings.images')}
      description={t('walletSettings.imagesDescription')}
      contentClassName="grid gap-4 md:grid-cols-3"
    >
      {SLOTS.map(({ slot, label, hint }) => (
        <ImageDropzone
          key={slot}
          id={`wallet-${slot}`}
          label={t(label)}
          hint={t(hint)}
          url={urls[slot]}
          disabled={disabled}
          onFileChosen={(file) => onFileChosen(slot, file)}
          onUploadingChange={(uploading) => onUploadingChange(slot, uploading)}
          onUploaded={(url) => onUploaded(slot, url)}
          onError={() => onError(slot)}
        />
      ))}
    </SectionCard>
  );
}
