import * as React from 'react';

// An image with no declared type (some systems drop files without one) is judged by its name: the formats the
// upload accepts (the server checks the content anyway).
const IMAGE_NAME = /\.(png|jpe?g|webp)$/i;

/** The keys that open the picker from the focused zone, as a button does. */
const OPEN_KEYS = [' ', 'Enter']; // i18n-ignore: key names

const isImage = (file: File) => (file.type ? file.type.startsWith('image/') : IMAGE_NAME.test(file.name));

const carriesFiles = (transfer: DataTransfer | null) =>
  !!transfer && Array.prototype.some.call(transfer.types ?? [], (type: string) => type === 'Files'); // i18n-ignore: the DataTransfer type of dragged files

/** Kept off-screen but in the accessibility tree and clickable (the picker opens through it). */
const HIDDEN_INPUT: React.CSSProperties = {
  border: 0,
  clip: 'rect(0, 0, 0, 0)',
  clipPath: 'inset(50%)',
  height: '1px',
  margin: '0 -1px -1px 0',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  width: '1px',
  whiteSpace: 'nowrap',
};

type Options = {
  /** Disabled or busy: no picker, no drop (the zone also leaves the tab order). */
  inactive: boolean;
  /** Exactly one image among the files picked or dropped. */
  onImage: (file: File) => void;
  /** Files came, but not exactly one image among them. */
  onRefused: () => void;
};

/**
 * The drop zone's events: a click, Enter or Space on the zone opens the picker (a hidden file input); an image
 * can be dropped on it. One image at a time: a drop of several images is refused as a whole. While the page
 * shows a zone, a file dropped anywhere else on it (or on a busy zone) is ignored instead of replacing the page.
 */
export function useImageDrop({ inactive, onImage, onRefused }: Options) {
  const inputRef = React.useRef<HTMLInputElement>(null);
  // Set synchronously by the events, so a drop always ends it.
  const [dragging, setDragging] = React.useState(false);

  React.useEffect(() => {
    const ignore = (event: DragEvent) => event.preventDefault();
    document.addEventListener('dragover', ignore);
    document.addEventListener('drop', ignore);
    return () => {
      document.removeEventListener('dragover', ignore);
      document.removeEventListener('drop', ignore);
    };
  }, []);

  const take = (list: FileList | File[] | null | undefined) => {
    const files = Array.from(list ?? []);
    const images = files.filter(isImage);
    if (images.length === 1 && images[0]) onImage(images[0]);
    else if (files.length > 0) onRefused();
  };

  const open = () => {
    const input = inputRef.current;
    if (!input) return;
    // Choosing the same file again must still count as a choice.
    input.value = '';
    input.click();
  };

  const rootProps = inactive
    ? {}
    : {
        onClick: open,
        onKeyDown: (event: React.KeyboardEvent<HTMLElement>) => {
          if (event.target !== event.currentTarget) return;
          if (OPEN_KEYS.includes(event.key)) {
            event.preventDefault();
            open();
          }
        },
        onDragEnter: (event: React.DragEvent) => {
          event.preventDefault();
          setDragging(true);
        },
        onDragLeave: (event: React.DragEvent) => {
          event.preventDefault();
          if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
        },
        onDragOver: (event: React.DragEvent) => {
          event.preventDefault();
          if (carriesFiles(event.dataTransfer)) {
            try {
              event.dataTransfer.dropEffect = 'copy';
            } catch {
              // Some browsers refuse to set it during certain phases; the drop works regardless.
            }
          }
        },
        onDrop: (event: React.DragEvent) => {
          event.preventDefault();
          setDragging(false);
          if (carriesFiles(event.dataTransfer)) take(event.dataTransfer.files);
        },
      };

  const inputProps = {
    ref: inputRef,
    type: 'file',
    accept: 'image/*',
    tabIndex: -1,
    style: HIDDEN_INPUT,
    onClick: (event: React.MouseEvent) => event.stopPropagation(),
    onChange: inactive ? undefined : (event: React.ChangeEvent<HTMLInputElement>) => take(event.target.files),
  };

  return { rootProps, inputProps, open, dragging: dragging && !inactive };
}
