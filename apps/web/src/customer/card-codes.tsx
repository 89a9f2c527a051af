import JsBarcode from 'jsbarcode';
import QRCode from 'qrcode';
import * as React from 'react';
import { useT } from '@/lib/i18n/use-t';

/**
 * The membership code as a QR code and a Code128 barcode, black on white whatever the tenant's colours (a
 * scanner needs the contrast), sized to be read from a phone held up to the counter's camera or scanner.
 */
export function CardCodes({ code }: { code: string }) {
  const t = useT();
  const [qr, setQr] = React.useState<string>();
  const barcode = React.useRef<SVGSVGElement>(null);

  React.useEffect(() => {
    let live = true;
    QRCode.toString(code, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }).then(
      (svg) => live && setQr(`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [code]);

  React.useEffect(() => {
    if (!barcode.current) return;
    JsBarcode(barcode.current, code, {
      format: 'CODE128',
      width: 2,
      height: 72,
      margin: 12,
      displayValue: true,
      fontSize: 16,
      background: '#ffffff',
      lineColor: '#000000',
    });
  }, [code]);

  return (
    <div className="flex flex-col items-center gap-3 rounded-xl bg-white p-4 shadow-sm">
      {qr ? (
        <img src={qr} alt={t('customer.qrLabel')} className="h-56 w-56 [image-rendering:pixelated]" />
      ) : (
        <div className="h-56 w-56" />
      )}
      <svg ref={barcode} role="img" aria-label={t('customer.barcodeLabel')} className="h-auto max-w-full" />
      <p className="text-sm text-zinc-600">{t('customer.codeCaption')}</p>
    </div>
  );
}
