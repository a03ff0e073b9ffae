import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ImageInput } from './image-input';

beforeEach(() => {
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:preview', revokeObjectURL: () => {} }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function Harness({ error = null }: { error?: string | null }) {
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <ImageInput
      label="Course image"
      name="image"
      currentUrl={null}
      file={file}
      error={error ?? problem}
      onFile={(f, p) => {
        setFile(f);
        setProblem(p);
      }}
    />
  );
}

describe('image input', () => {
  it('is a labelled, keyboard-reachable file input behind a styled "Choose image" button', async () => {
    render(<Harness />);
    const input = screen.getByLabelText('Course image');
    expect(input).toHaveAttribute('type', 'file');
    expect(input).toHaveClass('sr-only');
    expect(screen.getByTestId('file-button')).toHaveTextContent('Choose image');
    expect(screen.getByTestId('file-button')).toHaveClass('btn-ghost', 'min-h-11');
    const user = userEvent.setup();
    await user.tab();
    expect(input).toHaveFocus();
  });

  it('shows only the error for a file that is not an image, no preview', async () => {
    render(<Harness />);
    const user = userEvent.setup({ applyAccept: false });
    await user.upload(
      screen.getByLabelText('Course image'),
      new File(['%PDF'], 'cv.pdf', { type: 'application/pdf' }),
    );
    expect(await screen.findByText('The file is not a JPEG, PNG or WebP image.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('No image')).toBeInTheDocument();
    expect(screen.getByLabelText('Course image')).toHaveAttribute('aria-invalid', 'true');
  });

  it('falls back to the placeholder when the browser cannot draw the chosen file', async () => {
    render(<Harness />);
    const user = userEvent.setup();
    await user.upload(
      screen.getByLabelText('Course image'),
      new File(['nope'], 'fake.png', { type: 'image/png' }),
    );
    const preview = await screen.findByRole('img', { name: 'Course image preview' });
    fireEvent.error(preview);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByText('No image')).toBeInTheDocument();
  });
});
