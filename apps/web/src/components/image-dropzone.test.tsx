import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { loadWorkspaceMessages, setLocale } from '@/lib/i18n/i18n';
import { ImageDropzone } from './image-dropzone';

const png = (name = 'card.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });

/** An upload whose answer the test decides, one deferred per call. */
function controlledUpload() {
  const calls: { file: File; resolve: (url: string) => void; reject: (error: unknown) => void }[] = [];
  const upload = vi.fn(
    (file: File) =>
      new Promise<string>((resolve, reject) => {
        calls.push({ file, resolve, reject });
      }),
  );
  return { upload, calls };
}

const fileInput = (id: string) => {
  const input = document.querySelector<HTMLInputElement>(`#${id} input[type="file"]`);
  if (!input) throw new Error('no file input');
  return input;
};

function choose(id: string, file: File) {
  fireEvent.change(fileInput(id), { target: { files: [file] } });
}

describe('ImageDropzone', () => {
  it('is a button named by its label, previews the stored URL, and accepts only images in the picker', () => {
    render(
      <ImageDropzone id="zone" label="Card Image" hint="PNG, JPG or WEBP" url="/files/t/a.png" onUploaded={vi.fn()} />,
    );
    const zone = screen.getByRole('button', { name: 'Card Image Drag and drop an image, or click to browse' });
    expect(zone).toHaveAccessibleDescription(/PNG, JPG or WEBP/);
    expect(zone).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('img', { name: 'Card Image preview' })).toHaveAttribute('src', '/files/t/a.png');
    expect(fileInput('zone')).toHaveAttribute('accept', 'image/*');
  });

  it('uploads a chosen file: file name, Uploading... with the zone disabled, then Uploaded successfully', async () => {
    const { upload, calls } = controlledUpload();
    const onUploaded = vi.fn();
    const onFileChosen = vi.fn();
    const onUploadingChange = vi.fn();
    render(
      <ImageDropzone
        id="zone"
        label="Card Image"
        url=""
        upload={upload}
        onFileChosen={onFileChosen}
        onUploadingChange={onUploadingChange}
        onUploaded={onUploaded}
      />,
    );
    choose('zone', png('tier-card.png'));

    expect(await screen.findByText('Uploading...')).toBeInTheDocument();
    expect(screen.getByText('tier-card.png')).toBeInTheDocument();
    expect(onFileChosen).toHaveBeenCalledWith(expect.objectContaining({ name: 'tier-card.png' }));
    expect(onUploadingChange).toHaveBeenLastCalledWith(true);
    const zone = screen.getByRole('button', { name: 'Card Image Drag and drop an image, or click to browse' });
    expect(zone).toHaveAttribute('aria-disabled', 'true');
    expect(zone).not.toHaveAttribute('tabindex');

    await act(async () => calls[0]?.resolve('/files/t/new.png'));
    expect(await screen.findByText('Uploaded successfully')).toBeInTheDocument();
    expect(onUploaded).toHaveBeenCalledWith('/files/t/new.png');
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    expect(screen.queryByText('Uploading...')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change card image' })).toBeEnabled();
  });

  it('reports a failed upload through onError and lets the user try again', async () => {
    const { upload, calls } = controlledUpload();
    const onError = vi.fn();
    const onUploaded = vi.fn();
    render(
      <ImageDropzone
        id="zone"
        label="Logo"
        url="/files/t/old.png"
        upload={upload}
        onUploaded={onUploaded}
        onError={onError}
      />,
    );
    choose('zone', png());
    await waitFor(() => expect(calls).toHaveLength(1));
    const failure = new Error('Failed to upload image');
    await act(async () => calls[0]?.reject(failure));
    expect(onError).toHaveBeenCalledWith(failure);
    expect(onUploaded).not.toHaveBeenCalled();
    expect(screen.getByText('Failed to upload image')).toBeInTheDocument();
    // The refused file is not previewed; the stored image shows again.
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute('src', '/files/t/old.png');
    expect(screen.getByRole('button', { name: /^Logo Drag and drop/ })).not.toHaveAttribute('aria-disabled');
  });

  it('refuses a dropped file that is not an image, and uploads a dropped image', async () => {
    const { upload, calls } = controlledUpload();
    render(<ImageDropzone id="zone" label="Logo" url="" upload={upload} onUploaded={vi.fn()} />);
    const zone = screen.getByRole('button', { name: /^Logo Drag and drop/ });
    const text = new File(['hello'], 'notes.txt', { type: 'text/plain' });
    fireEvent.drop(zone, { dataTransfer: { files: [text], types: ['Files'] } });
    expect(await screen.findByRole('alert')).toHaveTextContent('Please choose an image file');
    expect(upload).not.toHaveBeenCalled();

    fireEvent.drop(zone, { dataTransfer: { files: [png('dropped.png')], types: ['Files'] } });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.file.name).toBe('dropped.png');
  });

  it('opens the picker with Enter and with Space', async () => {
    const user = userEvent.setup();
    render(<ImageDropzone id="zone" label="Logo" url="" onUploaded={vi.fn()} />);
    const click = vi.spyOn(fileInput('zone'), 'click');
    screen.getByRole('button', { name: /^Logo Drag and drop/ }).focus();
    await user.keyboard('{Enter}');
    expect(click).toHaveBeenCalledTimes(1);
    await user.keyboard(' ');
    expect(click).toHaveBeenCalledTimes(2);
  });

  it('never applies a stale upload: after a reset only the latest upload wins, even when the old one ends last', async () => {
    const { upload, calls } = controlledUpload();
    const onUploaded = vi.fn();
    const onUploadingChange = vi.fn();
    const props = { id: 'zone', label: 'Logo', url: '', upload, onUploaded, onUploadingChange };
    const view = render(<ImageDropzone {...props} resetKey={1} />);

    choose('zone', png('first.png'));
    await waitFor(() => expect(calls).toHaveLength(1));
    // The form is reset (dialog reopened for another record) while the first upload is still running.
    view.rerender(<ImageDropzone {...props} resetKey={2} />);
    choose('zone', png('second.png'));
    await waitFor(() => expect(calls).toHaveLength(2));

    await act(async () => calls[1]?.resolve('/files/t/second.png'));
    await act(async () => calls[0]?.resolve('/files/t/first.png'));

    expect(onUploaded).toHaveBeenCalledTimes(1);
    expect(onUploaded).toHaveBeenCalledWith('/files/t/second.png');
    expect(onUploadingChange).toHaveBeenLastCalledWith(false);
    expect(screen.getByText('second.png')).toBeInTheDocument();
    expect(screen.queryByText('first.png')).not.toBeInTheDocument();
  });

  it('ignores an upload that ends after the zone is gone', async () => {
    const { upload, calls } = controlledUpload();
    const onUploaded = vi.fn();
    const view = render(<ImageDropzone id="zone" label="Logo" url="" upload={upload} onUploaded={onUploaded} />);
    choose('zone', png());
    await waitFor(() => expect(calls).toHaveLength(1));
    view.unmount();
    await act(async () => calls[0]?.resolve('/files/t/late.png'));
    expect(onUploaded).not.toHaveBeenCalled();
  });

  it('is inert when disabled', () => {
    render(<ImageDropzone id="zone" label="Logo" url="/files/t/a.png" disabled onUploaded={vi.fn()} />);
    expect(screen.getByRole('button', { name: /^Logo Drag and drop/ })).toHaveAttribute('aria-disabled', 'true');
    expect(screen.getByRole('button', { name: 'Change logo' })).toBeDisabled();
  });
});

describe('ImageDropzone in Chinese', () => {
  it('zh-Hant then zh-Hans on the open screen: the zone, a refused file and a finished upload follow the language', async () => {
    await loadWorkspaceMessages();
    await setLocale('zh-Hant');
    const { upload, calls } = controlledUpload();
    render(<ImageDropzone id="zone" label="卡面圖片" url="" upload={upload} onUploaded={vi.fn()} />);
    expect(screen.getByText('拖放圖片，或按一下選擇檔案')).toBeInTheDocument();
    expect(screen.getByLabelText('卡面圖片檔案')).toBeInTheDocument();
    choose('zone', new File(['x'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByRole('alert')).toHaveTextContent('請選擇圖片檔案（PNG、JPG 或 WEBP）');

    choose('zone', png());
    expect(await screen.findByText('上載中…')).toBeInTheDocument();
    await act(async () => calls[0]?.resolve('/files/t/card.png'));
    expect(await screen.findByText('上載成功')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '更換卡面圖片' })).toBeInTheDocument();

    await act(() => setLocale('zh-Hans'));
    expect(screen.getByText('上传成功')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '更换卡面圖片' })).toBeInTheDocument();
    expect(document.body.textContent).not.toMatch(/Upload|Drag|Change/);
  });
});
