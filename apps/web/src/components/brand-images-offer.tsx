import { ImageIcon, Loader2Icon, WandSparklesIcon } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { t } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { type BrandImage, drawAndUpload } from './brand-images';

/**
 * The branding screens' shortcuts for a business without images: one click draws every missing image from its
 * name and colour; a logo already saved on the other screen (wallet card or store) is offered as it is.
 */
export function BrandImagesOffer({
  missing,
  brand,
  otherLogo,
  otherLogoLabel,
  onImages,
  disabled,
}: {
  /** The images this screen still lacks, drawn in this order. */
  missing: readonly BrandImage[];
  brand: { name: string; background: string; foreground: string };
  /** The other screen's saved logo, '' when none or when this screen has its own. */
  otherLogo: string;
  otherLogoLabel: string;
  onImages: (urls: Partial<Record<BrandImage, string>>) => void;
  disabled: boolean;
}) {
  const translate = useT();
  const [drawing, setDrawing] = React.useState(false);
  if (missing.length === 0) return null;
  const drawAll = async () => {
    setDrawing(true);
    try {
      const kinds = otherLogo ? missing.filter((kind) => kind !== 'logo') : missing;
      const urls = await drawAndUpload(kinds, brand);
      onImages(otherLogo && missing.includes('logo') ? { ...urls, logo: otherLogo } : urls);
      toast({ title: t('brandImages.drawn') });
    } catch {
      toast({ variant: 'destructive', title: t('settings.error'), description: t('image.failed') });
    } finally {
      setDrawing(false);
    }
  };
  return (
    <div className="flex flex-wrap items-center gap-3 rounded-md border border-dashed p-3">
      <p className="text-muted-foreground text-sm">{translate('brandImages.prompt')}</p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={drawAll} disabled={disabled || drawing}>
          {drawing ? (
            <Loader2Icon className="animate-spin" aria-hidden="true" />
          ) : (
            <WandSparklesIcon aria-hidden="true" />
          )}
          {translate(drawing ? 'brandImages.drawing' : 'brandImages.draw')}
        </Button>
        {otherLogo && missing.includes('logo') && (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={disabled || drawing}
            onClick={() => onImages({ logo: otherLogo })}
          >
            <ImageIcon aria-hidden="true" />
            {translate('brandImages.useLogo', { screen: otherLogoLabel })}
          </Button>
        )}
      </div>
    </div>
  );
}
