import * as React from 'react';
import { Button } from '@/components/ui/button';
import { useT } from '@/lib/i18n/use-t';
import { createDetector, type Detector } from './barcode-detector';

/** How often the video is looked at for a code, in ms: quick enough for a card held up, light on a phone. */
const SCAN_EVERY_MS = 150;

/**
 * Scan: the camera is asked for only when pressed; the first code read is handed to `onCode` (the same lookup
 * as a typed code) and the camera stops. Without a camera or a decoder, or when the camera is refused, it says so.
 */
export function ScanButton({ onCode }: { onCode: (code: string) => void }) {
  const t = useT();
  const [scanning, setScanning] = React.useState(false);
  const [message, setMessage] = React.useState<string | null>(null);
  const video = React.useRef<HTMLVideoElement>(null);
  const stop = React.useRef<() => void>(() => {});
  React.useEffect(() => () => stop.current(), []);

  const start = async () => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setMessage(t('counter.scanUnavailable'));
      return;
    }
    setMessage(null);
    // The decoder loads while the camera is being asked for.
    const loading = createDetector().catch(() => null);
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({ video: { facingMode: 'environment' } });
    } catch {
      setMessage(t('counter.cameraRefused'));
      return;
    }
    const detector: Detector | null = await loading;
    if (!detector) {
      for (const track of stream.getTracks()) track.stop();
      setMessage(t('counter.scanUnavailable'));
      return;
    }
    let running = true;
    stop.current = () => {
      running = false;
      for (const track of stream.getTracks()) track.stop();
      setScanning(false);
    };
    setScanning(true);
    if (video.current) {
      video.current.srcObject = stream;
      video.current.play()?.catch(() => {
        // Autoplay of a muted camera preview is allowed; a refusal only leaves the preview still.
      });
    }
    const look = async () => {
      if (!running) return;
      const found = video.current ? await detector.detect(video.current).catch(() => []) : [];
      const code = found[0]?.rawValue.trim();
      if (running && code) {
        stop.current();
        onCode(code);
        return;
      }
      setTimeout(look, SCAN_EVERY_MS);
    };
    void look();
  };

  return (
    <>
      <Button type="button" variant="outline" onClick={scanning ? () => stop.current() : start}>
        {scanning ? t('counter.scanStop') : t('counter.scan')}
      </Button>
      <div className="basis-full">
        <video
          ref={video}
          hidden={!scanning}
          muted
          playsInline
          aria-label={t('counter.camera')}
          className="max-h-64 w-full rounded-md bg-black object-cover"
        />
        {message && (
          <p role="status" className="text-muted-foreground text-sm">
            {message}
          </p>
        )}
      </div>
    </>
  );
}
