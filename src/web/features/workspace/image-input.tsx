// A file input for an image with a preview. The browser checks type and size first (a quick answer); the
// server checks again and re-encodes, and its reason is what counts.
import { useEffect, useId, useState } from 'react';
import { MAX_IMAGE_BYTES } from '../../../shared/constants';

const ACCEPTED = ['image/jpeg', 'image/png', 'image/webp'];

export function checkImageFile(file: File): string | null {
  if (!ACCEPTED.includes(file.type)) return 'The file is not a JPEG, PNG or WebP image.';
  if (file.size > MAX_IMAGE_BYTES) return 'The image is larger than 5 MB.';
  return null;
}

export function ImageInput({
  label,
  name,
  currentUrl,
  file,
  onFile,
  error,
  shape = 'square',
}: {
  label: string;
  name: string;
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null, problem: string | null) => void;
  error?: string | null;
  shape?: 'round' | 'square';
}) {
  const id = useId();
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const shown = previewUrl ?? currentUrl;
  const frame = shape === 'round' ? 'h-24 w-24 rounded-full' : 'h-24 w-36 rounded-xl';
  return (
    <div className="flex items-center gap-4">
      <div className={`${frame} shrink-0 overflow-hidden border border-white/15 bg-ink-950/60`}>
        {shown ? (
          <img src={shown} alt={`${label} preview`} className="h-full w-full object-cover" />
        ) : (
          <span className="grid h-full w-full place-items-center text-xs text-ink-400">No image</span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="label">
          {label}
        </label>
        <input
          id={id}
          name={name}
          type="file"
          accept={ACCEPTED.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="block w-full text-sm text-ink-300 file:mr-3 file:rounded-lg file:border-0 file:bg-accent-400/15 file:px-3 file:py-2 file:text-sm file:font-semibold file:text-accent-300 hover:file:bg-accent-400/25"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            const problem = chosen ? checkImageFile(chosen) : null;
            if (problem) e.target.value = '';
            onFile(problem ? null : chosen, problem);
          }}
        />
        {error ? (
          <p id={`${id}-error`} className="field-error">
            {error}
          </p>
        ) : (
          <p id={`${id}-hint`} className="muted mt-1.5 text-xs">
            JPEG, PNG or WebP, up to 5 MB.{file ? ` Selected: ${file.name}` : ''}
          </p>
        )}
      </div>
    </div>
  );
}
