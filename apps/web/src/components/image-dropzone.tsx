import { CheckCircle2, ImageUp, Loader2 } from 'lucide-react';
import * as React from 'react';
import { Button } from '@/components/ui/button';
import type { MessageKey } from '@/lib/i18n/i18n';
import { useT } from '@/lib/i18n/use-t';
import { uploadImage } from '@/lib/upload-image';
import { cn } from '@/lib/utils';
import { useImageDrop } from './use-image-drop';

interface ImageDropzoneProps {
  label: string;
  hint?: string;
  /** The stored URL, previewed while no local file is chosen. */
  url: string;
  disabled?: boolean;
  /** Called as soon as a file is picked (wallet and store clear their stored URL here). */
  onFileChosen?: (file: File) => void;
  onUploadingChange?: (uploading: boolean) => void;
  onUploaded: (url: string) => void;
  onError?: (error: unknown) => void;
  /** Defaults to the real upload call. */
  upload?: (file: File) => Promise<string>;
  /** Put on the zone's wrapper; the file input sits inside it. */
  id?: string;
  /** Changing it forgets the local file and ignores any upload still in flight (a form reset). */
  resetKey?: unknown;
}

type Status = 'idle' | 'uploading' | 'uploaded' | 'failed';

const NOT_AN_IMAGE: MessageKey = 'image.notAnImage';

/** A local preview of the chosen file; the object URL is revoked when the file changes or the zone goes away. */
function useObjectUrl(file: File | null): string | null {
  const [objectUrl, setObjectUrl] = React.useState<string | null>(null);
  React.useEffect(() => {
    if (!file || typeof URL.createObjectURL !== 'function') {
      setObjectUrl(null);
      return;
    }
    const created = URL.createObjectURL(file);
    setObjectUrl(created);
    return () => URL.revokeObjectURL(created);
  }, [file]);
  return objectUrl;
}

/**
 * The one image drop zone (docs/spec/data-screens.md §2, §4): click, Enter or Space opens the picker; an image can be dropped on it.
 * Each upload gets a sequence stamp; only the latest one's result is applied, so a stale upload never wins.
 */
export function ImageDropzone({
  label,
  hint,
  url,
  disabled = false,
  onFileChosen,
  onUploadingChange,
  onUploaded,
  onError,
  upload = uploadImage,
  id,
  resetKey,
}: ImageDropzoneProps) {
  const [file, setFile] = React.useState<File | null>(null);
  const [status, setStatus] = React.useState<Status>('idle');
  const [problem, setProblem] = React.useState<MessageKey | null>(null);
  const t = useT();
  const sequence = React.useRef(0);
  const objectUrl = useObjectUrl(file);
  const reactId = React.useId();
  const hintId = `${reactId}-hint`;
  const statusId = `${reactId}-status`;
  // The zone is named by its label and the words it shows, so a voice user can say what they see.
  const labelId = `${reactId}-label`;
  const promptId = `${reactId}-prompt`;

  // Callbacks are read at completion time, so a parent re-rendering mid-upload still gets the result.
  const callbacks = React.useRef({ onUploaded, onError, onUploadingChange });
  callbacks.current = { onUploaded, onError, onUploadingChange };

  // A reset (or unmount) moves the stamp on: whatever is still uploading becomes stale.
  const firstReset = React.useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs only when the reset key changes
  React.useEffect(() => {
    if (firstReset.current) {
      firstReset.current = false;
      return;
    }
    sequence.current += 1;
    setFile(null);
    setStatus('idle');
    setProblem(null);
  }, [resetKey]);
  React.useEffect(
    () => () => {
      sequence.current += 1;
    },
    [],
  );

  const start = React.useCallback(
    async (chosen: File) => {
      const stamp = ++sequence.current;
      setFile(chosen);
      setProblem(null);
      setStatus('uploading');
      onFileChosen?.(chosen);
      callbacks.current.onUploadingChange?.(true);
      try {
        const uploadedUrl = await upload(chosen);
        if (stamp !== sequence.current) return;
        setStatus('uploaded');
        callbacks.current.onUploadingChange?.(false);
        callbacks.current.onUploaded(uploadedUrl);
      } catch (error) {
        if (stamp !== sequence.current) return;
        setStatus('failed');
        callbacks.current.onUploadingChange?.(false);
        callbacks.current.onError?.(error);
      }
    },
    [onFileChosen, upload],
  );

  const uploading = status === 'uploading';
  const inactive = disabled || uploading;
  const { rootProps, inputProps, open, dragging } = useImageDrop({
    inactive,
    onImage: (chosen) => void start(chosen),
    onRefused: () => setProblem(NOT_AN_IMAGE),
  });

  // A file the server refused is not previewed (it may not even be an image); the stored one shows again.
  const preview = status === 'failed' ? url || null : (objectUrl ?? (file ? null : url || null));
  const describedBy = [hint ? hintId : null, statusId].filter(Boolean).join(' ');

  return (
    <div id={id} className="grid gap-2" data-slot="image-dropzone">
      <span id={labelId} className="font-medium text-sm">
        {label}
      </span>
      {/* Outside the zone: a focusable control inside a role="button" is nested interaction (axe). */}
      <input {...inputProps} aria-label={t('image.file', { label })} />
      <div
        {...rootProps}
        role="button"
        tabIndex={inactive ? undefined : 0}
        aria-labelledby={`${labelId} ${promptId}`}
        aria-describedby={describedBy}
        aria-disabled={inactive || undefined}
        aria-busy={uploading || undefined}
        className={cn(
          'relative flex min-h-36 flex-col items-center justify-center gap-2 overflow-hidden rounded-md border-2 border-dashed p-4 text-center text-sm outline-none transition-colors',
          'focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring',
          dragging ? 'border-primary bg-primary/5' : 'border-input',
          inactive ? 'cursor-not-allowed opacity-70' : 'cursor-pointer hover:bg-accent/50',
        )}
      >
        {preview ? (
          <img
            src={preview}
            alt={t('image.preview', { label })}
            className="max-h-32 max-w-full rounded object-contain"
          />
        ) : (
          <ImageUp aria-hidden="true" className="size-8 text-muted-foreground" />
        )}
        <span id={promptId} className={dragging ? 'text-foreground' : 'text-muted-foreground'}>
          {dragging ? t('image.dropHere') : t('image.dragOrClick')}
        </span>
        {uploading && (
          <span className="absolute inset-0 flex items-center justify-center gap-2 bg-background/70 font-medium">
            <Loader2 aria-hidden="true" className="size-4 animate-spin" />
            {t('image.uploading')}
          </span>
        )}
      </div>
      {hint && (
        <p id={hintId} className="text-muted-foreground text-xs">
          {hint}
        </p>
      )}
      <div className="flex min-h-8 flex-wrap items-center justify-between gap-2 text-xs">
        <div id={statusId} aria-live="polite" className="flex min-w-0 flex-col">
          {file && <span className="truncate">{file.name}</span>}
          {status === 'uploaded' && (
            <span className="flex items-center gap-1 text-green-700 dark:text-green-400">
              <CheckCircle2 aria-hidden="true" className="size-3" />
              {t('image.uploaded')}
            </span>
          )}
          {status === 'failed' && <span className="text-destructive">{t('image.failed')}</span>}
          {problem && (
            <span role="alert" className="text-destructive">
              {t(problem)}
            </span>
          )}
        </div>
        {(file || url) && (
          <Button type="button" variant="outline" size="sm" disabled={inactive} onClick={open}>
            {t('image.change', { label: label.toLowerCase() })}
          </Button>
        )}
      </div>
    </div>
  );
}
