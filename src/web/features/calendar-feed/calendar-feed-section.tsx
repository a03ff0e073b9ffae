// The calendar feed's section of /account (issue 26, decision 148): make an address (shown this once, with Copy
// and a webcal:// link), how to subscribe from Google Calendar, Outlook and Apple Calendar, and a new address
// after a confirmation, which stops the old one.
import { useEffect, useState } from 'react';
import { CALENDAR_FEED_MSG as MSG, type CalendarFeedAddress } from '#shared/calendar-feed.ts';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { Modal, ModalClose } from '#web/components/modal.tsx';
import { errorMessage } from '#web/lib/api-client.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { useCalendarFeed, useMakeCalendarFeed } from './api';

const COPY_NOTICE_MS = 4000;

function CopyAddress({ address }: { address: CalendarFeedAddress }) {
  const [copied, setCopied] = useState<'ok' | 'failed' | null>(null);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(null), COPY_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(address.url);
      setCopied('ok');
    } catch {
      // No clipboard permission: the address is on screen to select.
      setCopied('failed');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <label htmlFor="calendar-feed-address" className="label">
        {MSG.addressLabel}
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <input
          id="calendar-feed-address"
          readOnly
          value={address.url}
          className="input min-w-0 flex-1 font-mono text-xs"
          onFocus={(e) => e.currentTarget.select()}
        />
        <button type="button" className="btn-primary w-fit" onClick={() => void copy()}>
          {MSG.copy}
        </button>
      </div>
      <span role="status" className="text-xs text-success-400">
        {copied === 'ok' ? MSG.copied : copied === 'failed' ? 'Copy failed: select the address instead.' : ''}
      </span>
      <a
        className="inline-flex min-h-11 w-fit items-center text-sm text-accent-300 hover:underline"
        href={address.webcalUrl}
      >
        {MSG.openWebcal}
      </a>
      <p className="text-sm text-warning-400">{MSG.shownOnce}</p>
    </div>
  );
}

export function CalendarFeedSection() {
  const status = useCalendarFeed();
  const make = useMakeCalendarFeed();
  const [address, setAddress] = useState<CalendarFeedAddress | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const createdAt = status.data?.createdAt ?? null;

  const makeAddress = () => {
    setError(null);
    make.mutate(undefined, {
      onSuccess: (made) => {
        setAddress(made);
        setConfirming(false);
      },
      onError: (err) => {
        setConfirming(false);
        setError(errorMessage(err));
      },
    });
  };

  return (
    <section aria-labelledby="account-calendar" className="glass flex flex-col gap-4 p-6">
      <div>
        <h2 id="account-calendar" className="text-lg font-bold text-ink-100">
          {MSG.title}
        </h2>
        <p className="muted mt-1 text-sm">{MSG.intro}</p>
      </div>
      <FormAlert>{error ?? (status.isError ? errorMessage(status.error) : null)}</FormAlert>
      {address ? (
        <>
          <FormAlert tone="success">{MSG.made}</FormAlert>
          <CopyAddress address={address} />
        </>
      ) : status.isSuccess ? (
        <p className="text-sm text-ink-200">
          {createdAt ? `${MSG.active(formatDateTime(createdAt))} ${MSG.hidden}` : MSG.none}
        </p>
      ) : null}
      <ul className="muted flex list-disc flex-col gap-1 pl-5 text-sm">
        <li>{MSG.google}</li>
        <li>{MSG.outlook}</li>
        <li>{MSG.apple}</li>
      </ul>
      {status.isSuccess && !createdAt ? (
        <button type="button" className="btn-primary w-fit" disabled={make.isPending} onClick={makeAddress}>
          {MSG.make}
        </button>
      ) : status.isSuccess ? (
        <Modal
          open={confirming}
          onOpenChange={setConfirming}
          title={MSG.confirmTitle}
          description={MSG.confirmBody}
          trigger={
            <button type="button" className="btn-ghost w-fit">
              {MSG.makeNew}
            </button>
          }
          footer={
            <>
              <ModalClose>{MSG.cancel}</ModalClose>
              <button type="button" className="btn-primary" disabled={make.isPending} onClick={makeAddress}>
                {MSG.confirmYes}
              </button>
            </>
          }
        />
      ) : null}
    </section>
  );
}
