// A file input for an image with a preview. The browser checks type and size first (a quick answer); the
// server checks again and re-encodes, and its reason is what counts.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { MAX_IMAGE_BYTES } from '#shared/constants.ts';
import { FieldError } from './field';

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
  placeholder,
}: {
  label: string;
  name: string;
  currentUrl: string | null;
  file: File | null;
  onFile: (file: File | null, problem: string | null) => void;
  error?: string | null;
  shape?: 'round' | 'square';
  /** What the frame shows without an image (a shark's initials, as on the public page); "No image" by default. */
  placeholder?: ReactNode;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
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
  // A file the browser cannot draw (e.g. not really an image) shows the placeholder, never broken-image text.
  const [broken, setBroken] = useState<string | null>(null);
  const frame = shape === 'round' ? 'h-24 w-24 rounded-full' : 'h-24 w-36 rounded-xl';
  return (
    <div className="flex items-center gap-4">
      <div className={`${frame} shrink-0 overflow-hidden border border-white/15 bg-ink-950/60`}>
        {shown && broken !== shown && !(error && previewUrl) ? (
          <img
            src={shown}
            alt={`${label} preview`}
            className="h-full w-full object-cover"
            onError={() => setBroken(shown)}
          />
        ) : (
          (placeholder ?? (
            <span className="grid h-full w-full place-items-center text-xs text-ink-400">No image</span>
          ))
        )}
      </div>
      <div className="min-w-0 flex-1">
        <label htmlFor={id} className="label">
          {label}
        </label>
        {/* The native input stays the real control (keyboard, screen readers, forms), visually hidden; the
            styled button beside it opens the same picker for a pointer and shows the input's focus. */}
        <input
          ref={inputRef}
          id={id}
          name={name}
          type="file"
          accept={ACCEPTED.join(',')}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="file-input sr-only"
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            const problem = chosen ? checkImageFile(chosen) : null;
            if (problem) e.target.value = '';
            onFile(problem ? null : chosen, problem);
          }}
        />
        <span
          aria-hidden="true"
          data-testid="file-button"
          className="file-button btn-ghost min-h-11 cursor-pointer"
          onClick={() => inputRef.current?.click()}
        >
          {file ? 'Choose another image' : 'Choose image'}
        </span>
        {error ? (
          <FieldError id={`${id}-error`} message={error} />
        ) : (
          <p id={`${id}-hint`} className="muted mt-1.5 text-xs">
            JPEG, PNG or WebP, up to 5 MB.{file ? ` Selected: ${file.name}` : ''}
          </p>
        )}
      </div>
    </div>
  );
}
