// A slowly scrolling strip of logos (pure CSS animation, paused on hover, still for reduced motion).
import './logo-carousel.css';

export interface Logo {
  src: string;
  name: string;
}

export function LogoCarousel({ logos, label }: { logos: Logo[]; label: string }) {
  return (
    <section
      aria-label={label}
      className="logo-carousel relative overflow-hidden py-4 [mask-image:linear-gradient(90deg,transparent,black_10%,black_90%,transparent)]"
    >
      <div className="logo-track flex w-max gap-12">
        {[1, 2].map((copy) => (
          // The second copy only makes the loop seamless; assistive tech reads the list once.
          <ul
            key={copy}
            data-copy={copy}
            aria-hidden={copy === 2 ? true : undefined}
            className="flex shrink-0 flex-wrap items-center justify-center gap-12"
          >
            {logos.map((l) => (
              <li key={l.name} className="shrink-0 opacity-80 transition hover:opacity-100">
                <img src={l.src} alt={copy === 1 ? l.name : ''} height={32} className="h-8 w-auto" />
              </li>
            ))}
          </ul>
        ))}
      </div>
    </section>
  );
}
