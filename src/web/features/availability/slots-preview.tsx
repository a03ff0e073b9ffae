// The slots learners will be offered with the saved rules (1-hour sessions), in the shark's zone.
import type { AvailabilityView } from '#shared/availability.ts';
import { AVAILABILITY_MSG } from '#shared/availability-texts.ts';
import { formatDate, formatTimeIn, zoneName } from '#web/lib/format.ts';

export function SlotsPreview({ preview, zone }: { preview: AvailabilityView['preview']; zone: string }) {
  return (
    <section className="glass p-5" aria-labelledby="preview-title">
      <h2 id="preview-title" className="text-base font-semibold text-ink-100">
        {AVAILABILITY_MSG.previewTitle}
      </h2>
      <p className="muted text-xs">1-hour sessions, in {zoneName(zone)}.</p>
      {preview.every((d) => d.starts.length === 0) ? (
        <p className="muted mt-3 text-sm">{AVAILABILITY_MSG.previewEmpty}</p>
      ) : (
        <ul className="mt-3 flex flex-col gap-2 text-sm" data-testid="availability-preview">
          {preview
            .filter((d) => d.starts.length > 0)
            .map((d) => (
              <li key={d.date}>
                <span className="font-medium text-ink-100">{formatDate(d.date)}</span>:{' '}
                {d.starts.map((s) => formatTimeIn(s, zone)).join(', ')}
              </li>
            ))}
        </ul>
      )}
    </section>
  );
}
