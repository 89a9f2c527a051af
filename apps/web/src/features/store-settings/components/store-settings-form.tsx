import { SETTINGS_MESSAGES, STORE_NAME_MAX, type StoreSettings } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { useBrandBasics } from '@/components/brand-images';
import { BrandImagesOffer } from '@/components/brand-images-offer';
import { TextField } from '@/components/form-fields';
import { ImageDropzone } from '@/components/image-dropzone';
import { missingParts, SaveRow } from '@/components/settings-screen';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { type MessageKey, t } from '@/lib/i18n/i18n';
import { translateText } from '@/lib/i18n/translate-text';
import { useT } from '@/lib/i18n/use-t';
import { useSaveStoreSettings } from '../api/save-store-settings';

type Slot = 'logoUrl' | 'backgroundUrl';

/** Store name and the two image zones; staff see them disabled and no Save. */
export function StoreSettingsForm({
  initial,
  canWrite,
  onSaved,
}: {
  initial: StoreSettings;
  canWrite: boolean;
  onSaved?: () => void;
}) {
  const form = useForm<StoreSettings>({ defaultValues: initial });
  const values = form.watch();
  const [uploading, setUploading] = React.useState<Record<Slot, boolean>>({ logoUrl: false, backgroundUrl: false });
  const save = useSaveStoreSettings();
  const translate = useT();
  const set = (field: keyof StoreSettings, value: string) => form.setValue(field, value);

  const busy = save.isPending || uploading.logoUrl || uploading.backgroundUrl;
  const missing = !values.logoUrl || !values.text || !values.backgroundUrl;
  const basics = useBrandBasics('pass').data;
  // What a disabled Save still waits for, in the screen's words.
  const { missingNames, missingImages } = missingParts(
    [
      { filled: values.text.trim() !== '', name: 'storeSettings.storeName' },
      { filled: !!values.logoUrl, name: 'storeSettings.logo', image: 'logo' },
      { filled: !!values.backgroundUrl, name: 'storeSettings.background', image: 'storeBackground' },
    ],
    translate,
  );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { ...values, text: values.text.trim() };
    if (!body.logoUrl || !body.text || !body.backgroundUrl) {
      toast({
        variant: 'destructive',
        title: t('settings.validationError'),
        description: translateText(SETTINGS_MESSAGES.storeRequired),
      });
      return;
    }
    save.mutate(body, {
      onSuccess: () => {
        toast({ title: t('storeSettings.saved') });
        onSaved?.();
      },
      onError: () =>
        toast({ variant: 'destructive', title: t('settings.error'), description: t('storeSettings.saveFailed') }),
    });
  };

  const zone = (slot: Slot, label: MessageKey, hint: MessageKey) => (
    <ImageDropzone
      id={`store-${slot}`}
      label={translate(label)}
      hint={translate(hint)}
      url={values[slot]}
      disabled={!canWrite}
      onFileChosen={() => set(slot, '')}
      onUploadingChange={(on) => setUploading((prev) => ({ ...prev, [slot]: on }))}
      onUploaded={(url) => {
        set(slot, url);
        toast({ title: t('image.uploadedToast') });
      }}
      onError={() => toast({ variant: 'destructive', title: t('settings.error'), description: t('image.failed') })}
    />
  );

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit}>
        <Card>
          <CardContent className="grid gap-6">
            <TextField
              id="storeName"
              name="text"
              label={translate('storeSettings.storeName')}
              maxLength={STORE_NAME_MAX}
              placeholder={translate('storeSettings.storeNamePlaceholder')}
              disabled={!canWrite}
            />
            {canWrite && basics && (
              <BrandImagesOffer
                missing={missingImages}
                brand={{
                  name: values.text || basics.storeName,
                  background: basics.background,
                  foreground: basics.foreground,
                }}
                otherLogo={basics.passLogo}
                otherLogoLabel={translate('brandImages.walletLogoSource')}
                disabled={busy}
                onImages={(urls) => {
                  if (urls.logo) set('logoUrl', urls.logo);
                  if (urls.storeBackground) set('backgroundUrl', urls.storeBackground);
                }}
              />
            )}
            <div className="grid gap-6 md:grid-cols-2">
              {zone('logoUrl', 'storeSettings.logo', 'storeSettings.logoHint')}
              {zone('backgroundUrl', 'storeSettings.background', 'storeSettings.backgroundHint')}
            </div>
            {canWrite && (
              <SaveRow
                hintId="store-save-hint"
                missing={missing}
                missingNames={missingNames}
                busy={busy}
                pending={save.isPending}
              />
            )}
          </CardContent>
        </Card>
      </form>
    </Form>
  );
}
