import { zodResolver } from '@hookform/resolvers/zod';
import {
  PASS_SETTINGS_DEFAULTS,
  type PassSettings,
  type PassSettingsBody,
  type PassSettingsInput,
  passSettingsBodySchema,
  SETTINGS_MESSAGES,
} from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { type BrandImage, useBrandBasics } from '@/components/brand-images';
import { BrandImagesOffer } from '@/components/brand-images-offer';
import { NextSetupStep } from '@/components/next-setup-step';
import { SectionCard } from '@/components/section-card';
import { missingParts, SaveRow } from '@/components/settings-screen';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { WalletCardPreview } from '@/components/wallet-card-preview';
import { ApiError } from '@/lib/api-client';
import { t } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { useSavePassSettings } from '../api/save-pass-settings';
import { IMAGE_FIELDS, type ImageSlot, ImagesSection, SLOTS } from './images-section';
import { BasicSection, ColorsSection, LabelsSection } from './settings-sections';

const NONE: Record<ImageSlot, boolean> = { logo: false, strip: false, background: false };
const EMPTY: Record<ImageSlot, string> = { logo: '', strip: '', background: '' };

/** Every wallet section, the live card preview and Save Settings; staff get it all read-only and no Save. */
export function WalletSettingsForm({ initial, canWrite }: { initial: PassSettings; canWrite: boolean }) {
  const form = useForm<PassSettingsInput, unknown, PassSettingsBody>({
    resolver: zodResolver(passSettingsBodySchema),
    defaultValues: initial,
    mode: 'onTouched',
    disabled: !canWrite,
  });
  const save = useSavePassSettings();
  const [saved, setSaved] = React.useState(false);
  const translate = useT();
  const [uploading, setUploading] = React.useState(NONE);
  // A chosen file shows on the card at once, before its upload answers (docs/spec/data-screens.md §4: local preview first).
  const [local, setLocal] = React.useState(EMPTY);
  const localRef = React.useRef(local);
  localRef.current = local;
  React.useEffect(
    () => () => {
      for (const url of Object.values(localRef.current)) if (url) URL.revokeObjectURL(url);
    },
    [],
  );

  const values = form.watch();
  const urls = { logo: values.logoUrl, strip: values.stripUrl, background: values.backgroundUrl };
  const busy = save.isPending || Object.values(uploading).some(Boolean);
  const basics = useBrandBasics('store').data;
  // What a disabled Save still waits for, in the screen's words (the spec's message stays beside it).
  const { missingNames, missingImages } = missingParts(
    [
      { filled: values.heroText.trim() !== '', name: 'walletSettings.heroText' },
      { filled: !!values.logoUrl, name: 'walletSettings.logo', image: 'logo' },
      { filled: !!values.stripUrl, name: 'walletSettings.strip', image: 'strip' },
      { filled: !!values.backgroundUrl, name: 'walletSettings.background', image: 'passBackground' },
    ],
    translate,
  );
  const setDrawn = (urls: Partial<Record<BrandImage, string>>) => {
    const apply = (field: 'logoUrl' | 'stripUrl' | 'backgroundUrl', url: string | undefined) => {
      if (url) form.setValue(field, url, { shouldDirty: true, shouldValidate: true });
    };
    apply('logoUrl', urls.logo);
    apply('stripUrl', urls.strip);
    apply('backgroundUrl', urls.passBackground);
    // The card's hero text starts as the store's name when none is typed (it stays editable).
    if (!form.getValues('heroText').trim() && basics?.storeName) {
      form.setValue('heroText', basics.storeName, { shouldDirty: true, shouldValidate: true });
    }
  };

  const onFileChosen = (slot: ImageSlot, file: File) => {
    form.setValue(IMAGE_FIELDS[slot], '', { shouldDirty: true });
    const previous = local[slot];
    if (previous) URL.revokeObjectURL(previous);
    setLocal((prev) => ({ ...prev, [slot]: URL.createObjectURL(file) }));
  };
  const slotText = (slot: ImageSlot) => SLOTS.find((s) => s.slot === slot);
  const onUploaded = (slot: ImageSlot, url: string) => {
    form.setValue(IMAGE_FIELDS[slot], url, { shouldDirty: true, shouldValidate: true });
    const uploaded = slotText(slot)?.uploaded;
    toast({ title: uploaded && t(uploaded) });
  };
  const onError = (slot: ImageSlot) => {
    const failed = slotText(slot)?.failed;
    toast({ variant: 'destructive', title: t('settings.error'), description: failed && t(failed) });
  };

  const onValid = (body: PassSettingsBody) =>
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: t('walletSettings.saved') });
        setSaved(true);
      },
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const [field, message] of Object.entries(error.fieldErrors)) {
            if (field in initial) form.setError(field as keyof PassSettings, { message });
          }
        }
        toast({ variant: 'destructive', title: t('settings.error'), description: t('walletSettings.saveFailed') });
      },
    });

  return (
    <Form {...form}>
      <form
        noValidate
        onSubmit={form.handleSubmit(onValid)}
        className="grid items-start gap-6 xl:grid-cols-[1fr_380px]"
      >
        <div className="grid min-w-0 gap-6">
          <BasicSection disabled={!canWrite} />
          <ColorsSection disabled={!canWrite} />
          <LabelsSection />
          {canWrite && basics && (
            <BrandImagesOffer
              missing={missingImages}
              brand={{ name: basics.storeName, background: values.backgroundColor, foreground: values.foregroundColor }}
              otherLogo={basics.storeLogo}
              otherLogoLabel={translate('brandImages.storeLogoSource')}
              disabled={busy}
              onImages={setDrawn}
            />
          )}
          <ImagesSection
            urls={urls}
            disabled={!canWrite}
            onFileChosen={onFileChosen}
            onUploadingChange={(slot, on) => setUploading((prev) => ({ ...prev, [slot]: on }))}
            onUploaded={onUploaded}
            onError={onError}
          />
          {canWrite && (
            <SaveRow
              hintId="wallet-save-hint"
              missingNames={missingNames}
              busy={busy}
              pending={save.isPending}
              lead={translateText(SETTINGS_MESSAGES.walletRequired)}
            />
          )}
          <NextSetupStep step="card" saved={saved} />
        </div>
        <SectionCard
          title={translate('walletSettings.previewTitle')}
          description={translate('walletSettings.previewDescription')}
          className="xl:sticky xl:top-4"
          contentClassName="grid gap-3"
        >
          <WalletCardPreview
            settings={{
              ...PASS_SETTINGS_DEFAULTS,
              ...values,
              images: {
                logo: values.logoUrl || local.logo,
                strip: values.stripUrl || local.strip,
                background: values.backgroundUrl || local.background,
              },
            }}
          />
          <p className="text-center text-muted-foreground text-xs">
            {translate(values.style === 'storeCard' ? 'walletSettings.storeCardNote' : 'walletSettings.genericNote')}
          </p>
        </SectionCard>
      </form>
    </Form>
  );
}
