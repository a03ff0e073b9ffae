// Create or edit one course, in a dialog. The same schema as the server validates it; an image chosen here
// is uploaded right after the course is saved.
import { useId, useState } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import { DEFAULT_REQUIRED_DEVICES, DEFAULT_REQUIRED_KNOWLEDGE } from '#shared/constants.ts';
import {
  courseFormSchema,
  DEFAULT_LATE_CANCELLATION_REFUND,
  LATE_CANCELLATION_REFUNDS,
  type CourseValues,
  type OwnCourse,
} from '#shared/courses.ts';
import { ApiError, errorMessage } from '#web/lib/api-client.ts';
import { useSaveCourse, useUploadCourseImage } from './api';
import { FieldError, TextAreaField, TextField } from '#web/components/form/field.tsx';
import { Form, useApiForm } from '#web/components/form/form.tsx';
import { applyServerErrors, FormAlert, SubmitButton } from '#web/components/form/form-status.tsx';
import { Modal } from '#web/components/modal.tsx';
import { useToast } from '#web/components/toast.tsx';
import { ImageInput } from '#web/components/form/image-input.tsx';
import { COURSE_MSG } from '#shared/courses.ts';
import { CANCELLATION_WINDOWS, DEFAULT_CANCELLATION_HOURS } from '#shared/sessions.ts';
import { cancellationPolicy } from '#shared/sessions-texts.ts';
import { SelectField } from '#web/components/form/field.tsx';
import { IMAGE_MSG } from '#shared/storage.ts';
import { paiseToRupees } from '#shared/money.ts';

interface FormValues {
  title: string;
  courseCode: string;
  description: string;
  duration: string;
  price: string;
  enrollmentFormUrl: string;
  requiredDevices: string;
  requiredKnowledge: string;
  cancellationHours: string;
  lateCancellationRefund: string;
}
const FIELDS = [
  'title',
  'courseCode',
  'description',
  'duration',
  'price',
  'enrollmentFormUrl',
  'requiredDevices',
  'requiredKnowledge',
  'cancellationHours',
  'lateCancellationRefund',
] as const;

/** The two late-cancellation refunds a shark can choose, as the course form offers them. */
const LATE_REFUND_CHOICE: Record<(typeof LATE_CANCELLATION_REFUNDS)[number], string> = {
  50: '50% refund',
  0: 'No refund',
};

/** "Failed to save course." with the reason, whatever shape the failure had. */
const saveFailure = (message: string) =>
  message.startsWith(COURSE_MSG.saveFailed) ? message : `${COURSE_MSG.saveFailed} ${message}`;

export function CourseFormDialog({
  open,
  onOpenChange,
  course,
  sharkId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The course to edit; null to create one. */
  course: OwnCourse | null;
  sharkId?: string;
}) {
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={course ? `Edit ${course.title}` : 'New course'}
      description="Title, description, duration and price are required."
    >
      {/* Remounted per course so the fields start from that course. */}
      {open ? (
        <CourseForm
          key={course?.id ?? 'new'}
          course={course}
          sharkId={sharkId}
          onDone={() => onOpenChange(false)}
        />
      ) : null}
    </Modal>
  );
}

function CourseForm({
  course,
  sharkId,
  onDone,
}: {
  course: OwnCourse | null;
  sharkId?: string;
  onDone: () => void;
}) {
  const toast = useToast();
  const save = useSaveCourse(sharkId);
  const upload = useUploadCourseImage(sharkId);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  // Once saved (even when its image then failed), the dialog edits that course: a second press saves it
  // again instead of creating a duplicate.
  const [current, setCurrent] = useState<OwnCourse | null>(course);
  // The form holds what the inputs hold (text); the schema turns it into the values the API takes.
  const form = useApiForm<FormValues, CourseValues>({
    // The price is typed in rupees and sent in paise (decision 210).
    schema: courseFormSchema,
    fields: FIELDS,
    aliases: { pricePaise: 'price' },
    onSubmit: (values) => onSubmit(values),
    defaultValues: {
      title: course?.title ?? '',
      courseCode: course?.courseCode ?? '',
      description: course?.description ?? '',
      duration: course ? String(course.duration) : '',
      price: course ? paiseToRupees(course.pricePaise) : '',
      enrollmentFormUrl: course?.enrollmentFormUrl ?? '',
      requiredDevices: course?.requiredDevices ?? DEFAULT_REQUIRED_DEVICES,
      requiredKnowledge: course?.requiredKnowledge ?? DEFAULT_REQUIRED_KNOWLEDGE,
      cancellationHours: String(course?.cancellationHours ?? DEFAULT_CANCELLATION_HOURS),
      lateCancellationRefund: String(course?.lateCancellationRefund ?? DEFAULT_LATE_CANCELLATION_REFUND),
    },
  });
  const {
    register,
    formState: { errors, isSubmitting },
  } = form;

  async function onSubmit(values: CourseValues) {
    let saved: OwnCourse;
    try {
      saved = (await save.mutateAsync({ id: current?.id, values })).course;
    } catch (err) {
      const message = saveFailure(
        applyServerErrors(err, form.setError, FIELDS, { pricePaise: 'price' }) ?? errorMessage(err),
      );
      form.setFormError(message);
      toast(message, 'error');
      return;
    }
    setCurrent(saved);
    if (image) {
      try {
        await upload.mutateAsync({ id: saved.id, file: image });
      } catch (err) {
        // The course itself is saved; say so, and that only the image failed.
        const message = errorMessage(err, IMAGE_MSG.uploadFailed);
        setImageError(err instanceof ApiError ? (err.fields.image ?? message) : message);
        form.setFormError(`${message} The course was saved without the new image.`);
        toast(message, 'error');
        return;
      }
    }
    toast(
      current ? `Course “${saved.title}” updated.` : `Course “${saved.title}” created (${saved.courseCode}).`,
      'success',
    );
    onDone();
  }

  return (
    <Form form={form} className="flex flex-col gap-4">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField
        label="Description"
        rows={4}
        error={errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Duration (hours)"
          type="number"
          inputMode="decimal"
          min={0}
          step="0.5"
          error={errors.duration?.message}
          {...register('duration')}
        />
        <TextField
          label="Price per hour (₹)"
          type="number"
          inputMode="decimal"
          min={0}
          step="1"
          error={errors.price?.message}
          {...register('price')}
        />
      </div>
      <TextField
        label="Course code (optional)"
        placeholder="CRS-XXXXXX"
        hint={current ? 'Leave empty to keep the current code.' : 'Leave empty and we generate one.'}
        error={errors.courseCode?.message}
        {...register('courseCode')}
      />
      <TextField
        label="Enrollment form link (optional)"
        type="url"
        placeholder="https://"
        error={errors.enrollmentFormUrl?.message}
        {...register('enrollmentFormUrl')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Required devices"
          error={errors.requiredDevices?.message}
          {...register('requiredDevices')}
        />
        <TextField
          label="Required knowledge"
          error={errors.requiredKnowledge?.message}
          {...register('requiredKnowledge')}
        />
      </div>
      <SelectField
        label="Cancellation window"
        hint="Learners see it before booking and again before cancelling."
        error={errors.cancellationHours?.message}
        {...register('cancellationHours')}
      >
        {CANCELLATION_WINDOWS.map((h) => (
          <option key={h} value={String(h)}>
            {cancellationPolicy(h)}
          </option>
        ))}
      </SelectField>
      <LateRefundChoice
        field={register('lateCancellationRefund')}
        noWindow={form.watch('cancellationHours') === '0'}
        error={errors.lateCancellationRefund?.message}
      />
      <ImageInput
        label="Course image"
        name="image"
        currentUrl={current?.image ?? null}
        file={image}
        error={imageError}
        onFile={(file, problem) => {
          setImage(file);
          setImageError(problem ? `${IMAGE_MSG.uploadFailed} ${problem}` : null);
        }}
      />
      <FormAlert>{form.formError}</FormAlert>
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <SubmitButton pending={isSubmitting} pendingLabel="Saving…">
          {current ? 'Save course' : 'Create course'}
        </SubmitButton>
      </div>
    </Form>
  );
}

/**
 * "Refund when a learner cancels late": 50% or nothing, what a learner who cancels inside the window gets back.
 * A radio group with its legend; each choice is a 44 px target.
 */
function LateRefundChoice({
  field,
  noWindow,
  error,
}: {
  /** The form's registration of `lateCancellationRefund`, spread onto each radio. */
  field: UseFormRegisterReturn<'lateCancellationRefund'>;
  noWindow: boolean;
  error: string | undefined;
}) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <fieldset
      className="flex flex-col gap-2"
      aria-invalid={error ? true : undefined}
      aria-describedby={[hintId, error ? errorId : null].filter(Boolean).join(' ')}
    >
      <legend className="label">Refund when a learner cancels late</legend>
      <div className="grid grid-cols-2 gap-2">
        {LATE_CANCELLATION_REFUNDS.map((percent) => (
          <label
            key={percent}
            className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-white/10 px-3 py-2 text-sm text-ink-100 transition has-[:checked]:border-accent-400 has-[:checked]:bg-accent-400/20 has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent-300"
          >
            <input
              type="radio"
              className="size-4 shrink-0 accent-accent-400 focus-visible:outline-none"
              value={String(percent)}
              {...field}
            />
            {LATE_REFUND_CHOICE[percent]}
          </label>
        ))}
      </div>
      <p id={hintId} className="muted text-xs">
        {noWindow
          ? 'With no cancellation window learners cancel free until the start, so this applies once you set a window.'
          : 'Of what the learner paid, when they cancel inside the window. Learners see it before paying; if you cancel, they always get everything back.'}
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
