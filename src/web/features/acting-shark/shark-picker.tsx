// The admin's choice of shark on /shark/edit-profile and /shark/enrollments, fed by GET /api/admin/sharks.
import { useAdminSharks } from './api';
import { errorMessage } from '#web/lib/api-client.ts';
import { FormAlert } from '#web/components/form/form-status.tsx';
import { Skeleton } from '#web/components/skeleton.tsx';

export function SharkPicker({ value, onChange }: { value?: string; onChange: (sharkId: string) => void }) {
  const sharks = useAdminSharks();
  return (
    <section
      aria-labelledby="shark-picker-title"
      className="glass flex flex-col gap-3 p-5 sm:flex-row sm:items-end sm:gap-4"
    >
      <div className="flex-1">
        <h2 id="shark-picker-title" className="text-sm font-semibold text-accent-300">
          Acting as admin
        </h2>
        <label htmlFor="shark-picker" className="label mt-2">
          Shark
        </label>
        {sharks.isPending ? (
          <Skeleton className="h-10 w-full" />
        ) : sharks.isError ? (
          <FormAlert>Could not load the sharks: {errorMessage(sharks.error)}</FormAlert>
        ) : (
          <select
            id="shark-picker"
            className="input"
            value={value ?? ''}
            onChange={(e) => onChange(e.target.value)}
          >
            <option value="">Choose a shark…</option>
            {sharks.data.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} ({s.email}){s.published ? '' : ' · unpublished'}
              </option>
            ))}
          </select>
        )}
      </div>
    </section>
  );
}
