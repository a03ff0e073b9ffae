import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { avatarColour, initialsOf, SharkAvatar } from './shark-avatar';

afterEach(cleanup);

describe('shark avatar', () => {
  it('takes the first and last initials', () => {
    expect(initialsOf('Ananya Iyer')).toBe('AI');
    expect(initialsOf('  rahul  k  menon ')).toBe('RM');
    expect(initialsOf('Madonna')).toBe('M');
    expect(initialsOf('')).toBe('?');
  });

  it('picks the same colour for the same id, and spreads ids over colours', () => {
    const id = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    expect(avatarColour(id)).toBe(avatarColour(id));
    const colours = new Set(
      Array.from({ length: 28 }, (_, i) =>
        avatarColour(`00000000-0000-4000-8000-${String(i).padStart(12, '0')}`),
      ),
    );
    expect(colours.size).toBeGreaterThan(4);
  });

  it('shows initials on a colour without a photo, and the photo with one', () => {
    const id = '5a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';
    render(
      <SharkAvatar shark={{ id, name: 'Ananya Iyer', photoUrl: null }} size={64} className="h-16 w-16" />,
    );
    const initials = screen.getByRole('img', { name: 'Initials of Ananya Iyer' });
    expect(initials).toHaveTextContent('AI');
    expect(initials).toHaveStyle({ backgroundColor: avatarColour(id) });
    cleanup();
    render(
      <SharkAvatar
        shark={{ id, name: 'Ananya Iyer', photoUrl: '/media/a.webp' }}
        size={64}
        className="h-16 w-16"
      />,
    );
    expect(screen.getByRole('img', { name: 'Photo of Ananya Iyer' })).toHaveAttribute('src', '/media/a.webp');
  });
});
