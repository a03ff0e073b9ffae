// The one way a form is written: react-hook-form validating with the same zod schema as the server
// (zodResolver), a failed request's field messages put beside their fields, and whatever is left for the form's
// alert in `formError`. `<Form>` is the <form> element wired to it.
import { useMemo, useState, type BaseSyntheticEvent, type FormHTMLAttributes, type ReactNode } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitErrorHandler,
  type UseFormReturn,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { applyServerErrors } from './form-status';

export interface ApiFormOptions<TIn extends FieldValues, TOut> {
  /**
   * The schema the server validates with. Its input may differ from what the inputs hold (text for numbers). Classic
   * zod or zod/mini (the booking form, decision 199): zodResolver reads either. Or a function that imports it: a
   * form on a page where zod would not load otherwise (the booking panel) fetches it when first validated.
   */
  schema: FormSchema<TOut> | (() => Promise<FormSchema<TOut>>);
  defaultValues: DefaultValues<TIn>;
  /** The fields a server's field message may name: those go beside their field, any other to `formError`. */
  fields: readonly Path<TIn>[];
  /** A request field the form's input is named otherwise: a money field sent in paise, typed in rupees. */
  aliases?: Partial<Record<string, Path<TIn>>>;
  /** Sends the valid values; a throw is shown (fields beside their inputs, the rest in `formError`). */
  onSubmit: (values: TOut) => Promise<void> | void;
  /** Runs when the browser-side validation fails (the fields already show their messages). */
  onInvalid?: SubmitErrorHandler<TIn>;
}

type FormSchema<TOut> = z.core.$ZodType<TOut, unknown>;

export type ApiForm<TIn extends FieldValues, TOut> = UseFormReturn<TIn, unknown, TOut> & {
  /** The form-level message: a server refusal that names no field of this form, or what the page sets. */
  formError: string | null;
  setFormError: (message: string | null) => void;
  /** The submit handler for <form onSubmit>: validates, clears the previous message, sends, shows failures. */
  submit: (e?: BaseSyntheticEvent) => Promise<void>;
};

export function useApiForm<TIn extends FieldValues, TOut = TIn>({
  schema,
  defaultValues,
  fields,
  aliases,
  onSubmit,
  onInvalid,
}: ApiFormOptions<TIn, TOut>): ApiForm<TIn, TOut> {
  // The inputs hold text where the schema wants numbers: the schema turns one into the other.
  const resolver = useMemo(() => {
    if (typeof schema !== 'function')
      return zodResolver(schema as never) as unknown as Resolver<TIn, unknown, TOut>;
    // Imported on the first validation (a submit), then kept; validation is asynchronous either way.
    let loaded: Promise<Resolver<TIn, unknown, TOut>> | null = null;
    const lazy: Resolver<TIn, unknown, TOut> = async (values, context, options) => {
      loaded ??= schema().then((s) => zodResolver(s as never) as unknown as Resolver<TIn, unknown, TOut>);
      return (await loaded)(values, context, options);
    };
    return lazy;
  }, [schema]);
  const form = useForm<TIn, unknown, TOut>({ resolver, defaultValues });
  const [formError, setFormError] = useState<string | null>(null);
  const submit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await onSubmit(values);
    } catch (err) {
      setFormError(applyServerErrors(err, form.setError, fields, aliases));
    }
  }, onInvalid);
  return { ...form, formError, setFormError, submit };
}

/** The <form> of an `useApiForm`: no browser validation bubbles (the schema's messages show instead). */
export function Form<TIn extends FieldValues, TOut>({
  form,
  onSubmit,
  children,
  ...rest
}: {
  form: ApiForm<TIn, TOut>;
  /** Replaces the form's own submit, for a form that decides first (e.g. log in before booking). */
  onSubmit?: FormHTMLAttributes<HTMLFormElement>['onSubmit'];
  children: ReactNode;
} & Omit<FormHTMLAttributes<HTMLFormElement>, 'onSubmit' | 'noValidate' | 'children'>) {
  return (
    <form noValidate onSubmit={onSubmit ?? ((e) => void form.submit(e))} {...rest}>
      {children}
    </form>
  );
}
