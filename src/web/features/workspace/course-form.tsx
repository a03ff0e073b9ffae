// Create or edit one course, in a dialog. The same schema as the server validates it; an image chosen here
// is uploaded right after the course is saved.
import { useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_REQUIRED_DEVICES, DEFAULT_REQUIRED_KNOWLEDGE } from '../../../shared/constants';
import { MSG } from '../../../shared/messages';
import { courseInputSchema, type CourseValues, type OwnCourse } from '../../../shared/schemas/courses';
import { ApiError, errorMessage } from '../../api/client';
import { useSaveCourse, useUploadCourseImage } from '../../api/courses';
import { TextAreaField, TextField } from '../../components/form/field';
import { applyServerErrors, FormAlert } from '../../components/form/form-status';
import { Modal } from '../../components/modal';
import { useToast } from '../../components/toast';
import { ImageInput } from './image-input';

interface FormValues {
  title: string;
  courseCode: string;
  description: string;
  duration: string;
  price: string;
  enrollmentFormUrl: string;
  requiredDevices: string;
  requiredKnowledge: string;
}
const FIELDS = ['title', 'courseCode', 'description', 'duration', 'price', 'enrollmentFormUrl', 'requiredDevices', 'requiredKnowledge'] as const;
const resolver = zodResolver(courseInputSchema) as unknown as Resolver<FormValues, unknown, CourseValues>;

/** "Failed to save course." with the reason, whatever shape the failure had. */
const saveFailure = (message: string) => (message.startsWith(MSG.courseSaveFailed) ? message : `${MSG.courseSaveFailed} ${message}`);

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
    <Modal open={open} onOpenChange={onOpenChange} title={course ? `Edit ${course.title}` : 'New course'} description="Title, description, duration and price are required.">
      {/* Remounted per course so the fields start from that course. */}
      {open ? <CourseForm key={course?.id ?? 'new'} course={course} sharkId={sharkId} onDone={() => onOpenChange(false)} /> : null}
    </Modal>
  );
}

function CourseForm({ course, sharkId, onDone }: { course: OwnCourse | null; sharkId?: string; onDone: () => void }) {
  const toast = useToast();
  const save = useSaveCourse(sharkId);
  const upload = useUploadCourseImage(sharkId);
  const [image, setImage] = useState<File | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const [alert, setAlert] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<FormValues, unknown, CourseValues>({
    resolver,
    defaultValues: {
      title: course?.title ?? '',
      courseCode: course?.courseCode ?? '',
      description: course?.description ?? '',
      duration: course ? String(course.duration) : '',
      price: course ? String(course.price) : '',
      enrollmentFormUrl: course?.enrollmentFormUrl ?? '',
      requiredDevices: course?.requiredDevices ?? DEFAULT_REQUIRED_DEVICES,
      requiredKnowledge: course?.requiredKnowledge ?? DEFAULT_REQUIRED_KNOWLEDGE,
    },
  });

  const onSubmit = async (values: CourseValues) => {
    setAlert(null);
    let saved: OwnCourse;
    try {
      saved = (await save.mutateAsync({ id: course?.id, values })).course;
    } catch (err) {
      const message = saveFailure(applyServerErrors(err, setError, FIELDS) ?? errorMessage(err));
      setAlert(message);
      toast(message, 'error');
      return;
    }
    if (image) {
      try {
        await upload.mutateAsync({ id: saved.id, file: image });
      } catch (err) {
        // The course itself is saved; say so, and that only the image failed.
        const message = errorMessage(err, MSG.imageUploadFailed);
        setImageError(err instanceof ApiError ? (err.fields.image ?? message) : message);
        setAlert(`${message} The course was saved without the new image.`);
        toast(message, 'error');
        return;
      }
    }
    toast(course ? `Course “${saved.title}” updated.` : `Course “${saved.title}” created (${saved.courseCode}).`, 'success');
    onDone();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-col gap-4">
      <TextField label="Title" error={errors.title?.message} {...register('title')} />
      <TextAreaField label="Description" rows={4} error={errors.description?.message} {...register('description')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Duration (hours)" type="number" inputMode="decimal" min={0} step="0.5" error={errors.duration?.message} {...register('duration')} />
        <TextField label="Price per hour (₹)" type="number" inputMode="decimal" min={0} step="1" error={errors.price?.message} {...register('price')} />
      </div>
      <TextField
        label="Course code (optional)"
        placeholder="CRS-XXXXXX"
        hint={course ? 'Leave empty to keep the current code.' : 'Leave empty and we generate one.'}
        error={errors.courseCode?.message}
        {...register('courseCode')}
      />
      <TextField label="Enrollment form link (optional)" type="url" placeholder="https://" error={errors.enrollmentFormUrl?.message} {...register('enrollmentFormUrl')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="Required devices" error={errors.requiredDevices?.message} {...register('requiredDevices')} />
        <TextField label="Required knowledge" error={errors.requiredKnowledge?.message} {...register('requiredKnowledge')} />
      </div>
      <ImageInput
        label="Course image"
        name="image"
        currentUrl={course?.image ?? null}
        file={image}
        error={imageError}
        onFile={(file, problem) => {
          setImage(file);
          setImageError(problem ? `${MSG.imageUploadFailed} ${problem}` : null);
        }}
      />
      {alert ? <FormAlert>{alert}</FormAlert> : null}
      <div className="flex flex-wrap justify-end gap-3">
        <button type="button" className="btn-ghost" onClick={onDone}>
          Cancel
        </button>
        <button type="submit" className="btn-primary" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : course ? 'Save course' : 'Create course'}
        </button>
      </div>
    </form>
  );
}
