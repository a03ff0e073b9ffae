// The frame both shark workspace pages share: the heading with a link to the other page, the admin's shark picker,
// and the page's body for the shark being acted for (remounted when an admin switches shark).
import { Fragment, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useActingShark, withSharkId } from '#web/features/acting-shark/acting-shark.ts';
import { SharkPicker } from '#web/features/acting-shark/shark-picker.tsx';

export function WorkspaceShell({
  title,
  intro,
  link,
  children,
}: {
  title: string;
  intro: string;
  link: { to: string; label: string };
  children: (sharkId: string | undefined) => ReactNode;
}) {
  const acting = useActingShark();
  return (
    <div className="container-page flex flex-col gap-6 py-10 sm:py-14">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <p className="font-mono text-xs tracking-widest text-accent-400 uppercase">Shark workspace</p>
          <h1 className="heading-2 mt-1">{title}</h1>
          <p className="muted mt-2">{intro}</p>
        </div>
        <Link className="btn-ghost" to={withSharkId(link.to, acting.sharkId)}>
          {link.label}
        </Link>
      </header>
      {acting.actsAsAdmin ? <SharkPicker value={acting.sharkId} onChange={acting.choose} /> : null}
      {!acting.ready || acting.needsPick ? null : (
        <Fragment key={acting.sharkId ?? 'me'}>{children(acting.sharkId)}</Fragment>
      )}
    </div>
  );
}
