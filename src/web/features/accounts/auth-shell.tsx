// The account pages' own pieces: the centred card they sit in and the social buttons that are not built yet.
// Fields, alerts and submit buttons come from components/form.
import type { ReactNode } from 'react';
import { useToast } from '#web/components/toast.tsx';

/** The centred glass card every account page sits in. */
export function AuthShell({
  eyebrow,
  title,
  subtitle,
  children,
  wide = false,
}: {
  eyebrow?: string;
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  wide?: boolean;
}) {
  return (
    <div className="container-page flex justify-center py-10 sm:py-16">
      <section
        className={`glass w-full ${wide ? 'max-w-2xl' : 'max-w-md'} p-6 sm:p-8`}
        aria-labelledby="auth-title"
      >
        {eyebrow ? (
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">{eyebrow}</p>
        ) : null}
        <h1 id="auth-title" className="heading-2 mt-1">
          {title}
        </h1>
        {subtitle ? <p className="muted mt-2 text-sm">{subtitle}</p> : null}
        <div className="mt-6">{children}</div>
      </section>
    </div>
  );
}

const PROVIDERS = ['Google', 'LinkedIn', 'GitHub'] as const;

/** The spec's social login buttons: they only say that this way of signing in is coming soon. */
export function SocialButtons({ verb = 'Continue' }: { verb?: string }) {
  const toast = useToast();
  return (
    <div className="mt-6">
      <div className="flex items-center gap-3 text-xs text-ink-400" aria-hidden="true">
        <span className="h-px flex-1 bg-white/10" />
        or
        <span className="h-px flex-1 bg-white/10" />
      </div>
      <div className="mt-4 grid grid-cols-1 gap-2 sm:grid-cols-3">
        {PROVIDERS.map((p) => (
          // The full phrase as the name; on wider screens the provider alone is shown, to fit three across the card.
          <button
            key={p}
            type="button"
            className="btn-ghost"
            aria-label={`${verb} with ${p}`}
            onClick={() => toast(`${p} sign-in is coming soon.`, 'info')}
          >
            <span className="sm:hidden">{verb} with</span>
            <span>{p}</span>
          </button>
        ))}
      </div>
    </div>
  );
}
