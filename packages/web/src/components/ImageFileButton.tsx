/**
 * Choosing an image to upload: a button-looking label over a real file input (the keyboard reaches the input; the
 * label shows its focus), and the chosen file's preview URL while the upload runs (revoked afterwards).
 */
import { useEffect, useId, useState } from 'react';

const ACCEPTED = 'image/jpeg,image/png,image/webp,image/avif';

/** The preview of the file being uploaded (null when none is), and `choose` to start one. */
export function useUploadPreview(upload: (file: File, settled: () => void) => void) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => () => {
    if (preview !== null) URL.revokeObjectURL(preview);
  }, [preview]);
  const choose = (file: File) => {
    setPreview(URL.createObjectURL(file));
    upload(file, () => setPreview(null));
  };
  return { preview, choose };
}

export function ImageFileButton({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  const id = useId();
  return (
    <label htmlFor={id} className="button file-button">
      {label}
      <input
        id={id}
        type="file"
        accept={ACCEPTED}
        className="file-button__input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          // Cleared, so that choosing the same file again uploads it again.
          event.target.value = '';
          if (file !== undefined) onFile(file);
        }}
      />
    </label>
  );
}
