import { useCallback, useRef, type FormEvent } from 'react';
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type SubmitHandler,
  type UseFormReturn,
} from 'react-hook-form';
import type { ServerProblems } from './serverProblems';

/** A form's own checks: one sentence per field that has a problem, none when it can be sent. */
export type FormRules<V> = (values: V) => Partial<Record<keyof V & string, string | undefined>>;

/** Our validators, which return sentences by field, as react-hook-form's rules. */
export function rulesResolver<V extends FieldValues>(rules: FormRules<V>): Resolver<V> {
  return (values) => {
    const errors: Record<string, { type: string; message: string }> = {};
    for (const [name, message] of Object.entries(rules(values))) {
      if (typeof message === 'string') errors[name] = { type: 'rule', message };
    }
    if (Object.keys(errors).length === 0) return { values, errors: {} };
    return { values: {}, errors: errors as FieldErrors<V> };
  };
}

export interface AppFormOptions<V extends FieldValues> {
  defaultValues: V;
  rules?: FormRules<V>;
  /**
   * 'onTouched': a field is checked once left (blank fields wait for the submit, see
   * FormTextField), and live after that. 'onSubmit': checked only when sent.
   */
  mode?: 'onTouched' | 'onSubmit';
}

export type AppForm<V extends FieldValues> = UseFormReturn<V> & {
  /** The callback ref of the <form> (AppForm passes it), so problems can be focused in page order. */
  attachForm: (element: HTMLFormElement | null) => void;
  /**
   * Focuses the first of these fields in the order a shopper meets them on the page, at once
   * (react-hook-form's setFocus waits a tick, and a dialog's focus trap would win the race).
   */
  focusFirst: (names: Iterable<string>) => void;
  /** Shows a failed call's problems beside their fields and above the form; focuses the first. */
  showProblems: (problems: ServerProblems<Path<V>>) => void;
  /** The form-level message: a server sentence no field shows. */
  formError: string | undefined;
  /** The submit handler of the <form>: runs the rules, focuses the first problem, or calls onValid. */
  submitWith: (onValid: SubmitHandler<V>) => (event: FormEvent<HTMLFormElement>) => void;
};

const FORM_ERROR = 'root.server' as const;

/**
 * react-hook-form with the storefront's habits: our rule functions as the resolver, the
 * first problem focused in page order (not registration order, which conditional fields
 * upset), and server answers shown through one mapping.
 */
export function useAppForm<V extends FieldValues>({
  defaultValues,
  rules,
  mode = 'onTouched',
}: AppFormOptions<V>): AppForm<V> {
  const form = useForm<V>({
    defaultValues: defaultValues as DefaultValues<V>,
    mode,
    reValidateMode: 'onChange',
    shouldFocusError: false,
    resolver: rules ? rulesResolver(rules) : undefined,
  });
  const formElement = useRef<HTMLFormElement | null>(null);
  const { setError, handleSubmit } = form;

  const focusFirst = useCallback((names: Iterable<string>) => {
    const wanted = new Set(names);
    const elements = Array.from(formElement.current?.elements ?? []);
    const first = elements.find(
      (element) => element instanceof HTMLElement && wanted.has(element.getAttribute('name') ?? ''),
    );
    if (first instanceof HTMLElement) first.focus();
  }, []);

  const attachForm = useCallback((element: HTMLFormElement | null) => {
    formElement.current = element;
  }, []);

  const showProblems = useCallback(
    ({ fields, message }: ServerProblems<Path<V>>) => {
      for (const [name, text] of Object.entries(fields) as [Path<V>, string | undefined][]) {
        if (text !== undefined) setError(name, { type: 'server', message: text });
      }
      if (message !== undefined) setError(FORM_ERROR, { type: 'server', message });
      focusFirst(Object.keys(fields));
    },
    [setError, focusFirst],
  );

  const submitWith = useCallback(
    (onValid: SubmitHandler<V>) => (event: FormEvent<HTMLFormElement>) => {
      void handleSubmit(onValid, (errors) => focusFirst(Object.keys(errors)))(event);
    },
    [handleSubmit, focusFirst],
  );

  return {
    ...form,
    attachForm,
    focusFirst,
    showProblems,
    formError: form.formState.errors.root?.server?.message,
    submitWith,
  };
}
