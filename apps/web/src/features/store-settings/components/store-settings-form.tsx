import { SETTINGS_MESSAGES, STORE_NAME_MAX, type StoreSettings } from '@loyalty/contracts';
import * as React from 'react';
import { useForm } from 'react-hook-form';
import { TextField } from '@/components/form-fields';
import { ImageDropzone } from '@/components/image-dropzone';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Form } from '@/components/ui/form';
import { toast } from '@/components/ui/use-toast';
import { useSaveStoreSettings } from '../api/save-store-settings';

type Slot = 'logoUrl' | 'backgroundUrl';

/** Store name and the two image zones; staff see them disabled and no Save. */
export function StoreSettingsForm({ initial, canWrite }: { initial: StoreSettings; canWrite: boolean }) {
  const form = useForm<StoreSettings>({ defaultValues: initial });
  const values = form.watch();
  const [uploading, setUploading] = React.useState<Record<Slot, boolean>>({ logoUrl: false, backgroundUrl: false });
  const save = useSaveStoreSettings();
  const set = (field: keyof StoreSettings, value: string) => form.setValue(field, value);

  const busy = save.isPending || uploading.logoUrl || uploading.backgroundUrl;
  const missing = !values.logoUrl || !values.text || !values.backgroundUrl;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const body = { ...values, text: values.text.trim() };
    if (!body.logoUrl || !body.text || !body.backgroundUrl) {
      toast({ variant: 'destructive', title: 'Validation Error', description: SETTINGS_MESSAGES.storeRequired });
      return;
    }
    save.mutate(body, {
      onSuccess: () => toast({ title: 'Store settings saved successfully' }),
      onError: () => toast({ variant: 'destructive', title: 'Error', description: 'Failed to save store settings' }),
    });
  };

  const zone = (slot: Slot, label: string, hint: string) => (
    <ImageDropzone
      id={`store-${slot}`}
      label={label}
      hint={hint}
      url={values[slot]}
      disabled={!canWrite}
      onFileChosen={() => set(slot, '')}
      onUploadingChange={(on) => setUploading((prev) => ({ ...prev, [slot]: on }))}
      onUploaded={(url) => {
        set(slot, url);
        toast({ title: 'Image uploaded successfully' });
      }}
      onError={() => toast({ variant: 'destructive', title: 'Error', description: 'Failed to upload image' })}
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
              label="Store Name"
              maxLength={STORE_NAME_MAX}
              placeholder="Your store name"
              disabled={!canWrite}
            />
            <div className="grid gap-6 md:grid-cols-2">
              {zone('logoUrl', 'Store Logo', 'PNG, JPG or WEBP (recommended: square, 512x512px)')}
              {zone('backgroundUrl', 'Background Image', 'PNG, JPG or WEBP (recommended: 1920x1080px or larger)')}
            </div>
            {canWrite && (
              <div className="flex justify-end">
                <Button type="submit" disabled={busy || missing}>
                  {save.isPending ? 'Saving...' : 'Save Settings'}
                </Button>
              </div>
            )}
          </CardContent>
        </Card>
      </form>
    </Form>
  );
}
