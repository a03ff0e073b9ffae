// The about tab's own text: the shark's bio (or the spec's fallback).
import type { Shark } from '#shared/catalogue.ts';
import { sharkBio } from './shark-display';

export function ProfileAbout({ shark }: { shark: Shark }) {
  return (
    <section aria-labelledby="about-heading" className="glass p-6">
      <h2 id="about-heading" className="mb-3 text-lg font-semibold">
        About {shark.name}
      </h2>
      <p className="leading-relaxed break-words whitespace-pre-line text-ink-300">{sharkBio(shark)}</p>
    </section>
  );
}
