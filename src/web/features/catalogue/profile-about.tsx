// The about tab's own text: the shark's bio in paragraphs (or the spec's fallback), and their skills.
import type { Shark } from '#shared/catalogue.ts';
import { CATALOGUE_MSG } from '#shared/catalogue-texts.ts';
import { bioParagraphs } from './shark-display';

export function ProfileAbout({ shark }: { shark: Shark }) {
  return (
    <section aria-labelledby="about-heading" className="glass flex flex-col gap-3 p-6">
      <h2 id="about-heading" className="text-lg font-semibold">
        About {shark.name}
      </h2>
      {/* Blank lines make paragraphs; the text is rendered as text, never as HTML. */}
      {bioParagraphs(shark).map((paragraph, i) => (
        <p key={i} className="leading-relaxed break-words whitespace-pre-line text-ink-300">
          {paragraph}
        </p>
      ))}
      {shark.skills.length ? (
        <>
          <h3 id="skills-heading" className="mt-2 text-base font-semibold text-ink-100">
            {CATALOGUE_MSG.skills}
          </h3>
          <ul aria-labelledby="skills-heading" className="flex flex-wrap gap-2">
            {shark.skills.map((skill) => (
              <li
                key={skill}
                className="rounded-full border border-accent-400/30 bg-accent-400/10 px-3 py-1 text-sm text-accent-300"
              >
                {skill}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
