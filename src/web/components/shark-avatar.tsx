// A shark's face: their photo, or, without one, their initials on a colour picked from their id (the same
// shark always gets the same colour), never a shared silhouette. UI without data: the catalogue, the public
// profile and the workspace's profile form all show it.
import type { Shark } from '#shared/catalogue.ts';

/** Dark backgrounds that keep white initials above 4.5:1 contrast. */
const COLOURS = ['#0e7490', '#7c3aed', '#be185d', '#b45309', '#047857', '#1d4ed8', '#b91c1c', '#4d7c0f'];

/** "Ananya Iyer" -> "AI", "Madonna" -> "M". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((w) => Array.from(w)[0]?.toUpperCase() ?? '').join('') || '?';
}

/** The same id always picks the same colour. */
export function avatarColour(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return COLOURS[hash % COLOURS.length];
}

export function SharkAvatar({
  shark,
  className,
  textClassName = 'text-2xl',
  size,
}: {
  shark: Pick<Shark, 'id' | 'name' | 'photoUrl'>;
  /** Size and shape, e.g. "h-16 w-16 rounded-2xl". */
  className: string;
  textClassName?: string;
  /** The image's intrinsic size in px (reserves its space before it loads). */
  size: number;
}) {
  if (shark.photoUrl) {
    return (
      <img
        src={shark.photoUrl}
        alt={`Photo of ${shark.name}`}
        loading="lazy"
        width={size}
        height={size}
        className={`shrink-0 object-cover ${className}`}
      />
    );
  }
  return (
    <span
      role="img"
      aria-label={`Initials of ${shark.name}`}
      data-testid="shark-initials"
      style={{ backgroundColor: avatarColour(shark.id) }}
      className={`flex shrink-0 items-center justify-center font-semibold text-white select-none ${className} ${textClassName}`}
    >
      <span aria-hidden="true">{initialsOf(shark.name)}</span>
    </span>
  );
}
