// A legal page's body: title, summary, date and sections, with links to the other legal pages.
import { Link } from 'react-router';
import { LEGAL_MSG, type LegalDocument } from '#shared/legal.ts';
import { paths } from '#shared/routes.ts';
import { useDocumentTitle } from '#web/lib/use-document-title.ts';

const OTHERS = [
  { to: paths.privacy, label: 'Privacy' },
  { to: paths.terms, label: 'Terms' },
  { to: paths.cookies, label: 'Cookies' },
] as const;

export function LegalDocumentView({ doc, title }: { doc: LegalDocument; title: string }) {
  useDocumentTitle(title);
  return (
    <article className="container-page flex max-w-3xl flex-col gap-8 py-10 sm:py-14">
      <header className="flex flex-col gap-3">
        <h1 className="heading-1">{doc.title}</h1>
        <p className="muted text-lg">{doc.summary}</p>
        <p className="text-sm text-ink-400">{LEGAL_MSG.lastUpdated(doc.updated)}</p>
      </header>
      {doc.sections.map((section) => (
        <section key={section.heading} className="flex flex-col gap-3">
          <h2 className="text-xl font-semibold text-ink-100">{section.heading}</h2>
          {section.paragraphs.map((p) => (
            <p key={p} className="leading-relaxed text-ink-300">
              {p}
            </p>
          ))}
          {section.list ? (
            <ul className="flex list-disc flex-col gap-2 pl-6 leading-relaxed text-ink-300">
              {section.list.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
      <nav aria-label={LEGAL_MSG.otherPages} className="flex flex-wrap gap-2 border-t border-white/10 pt-6">
        {OTHERS.map((o) => (
          <Link key={o.to} to={o.to} className="btn-ghost min-h-11">
            {o.label}
          </Link>
        ))}
      </nav>
    </article>
  );
}
