import { ImageDropzone } from '@/components/image-dropzone';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

export type ImageSlot = 'logo' | 'strip' | 'background';
export const IMAGE_FIELDS = { logo: 'logoUrl', strip: 'stripUrl', background: 'backgroundUrl' } as const;

/** Spec §2 hints and §8 toast names, per slot. */
export const SLOTS: { slot: ImageSlot; label: string; hint: string; uploaded: string; failed: string }[] = [
  {
    slot: 'logo',
    label: 'Logo',
    hint: 'Recommended: square, 512x512. PNG, JPG or WEBP',
    uploaded: 'Logo uploaded successfully',
    failed: 'Failed to upload logo',
  },
  {
    slot: 'strip',
    label: 'Strip Image',
    hint: 'Recommended: 640x246. PNG, JPG or WEBP',
    uploaded: 'Strip image uploaded successfully',
    failed: 'Failed to upload strip image',
  },
  {
    slot: 'background',
    label: 'Background Image',
    hint: 'Recommended: 1920x1080 or larger. PNG, JPG or WEBP',
    uploaded: 'Background image uploaded successfully',
    failed: 'Failed to upload background image',
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
  return (
    <Card>
      <CardHeader>
        <CardTitle>Images</CardTitle>
        <CardDescription>
          Drop an image on a zone, or click it (or press Enter or Space) to choose a file
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4 md:grid-cols-3">
        {SLOTS.map(({ slot, label, hint }) => (
          <ImageDropzone
            key={slot}
            id={`wallet-${slot}`}
            label={label}
            hint={hint}
            url={urls[slot]}
            disabled={disabled}
            onFileChosen={(file) => onFileChosen(slot, file)}
            onUploadingChange={(uploading) => onUploadingChange(slot, uploading)}
            onUploaded={(url) => onUploaded(slot, url)}
            onError={() => onError(slot)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
