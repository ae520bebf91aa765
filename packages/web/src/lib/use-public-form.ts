import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from "react";

/** What the zod schemas of @repo/validators offer (Standard Schema), as far as a form needs it. */
interface Schema {
  "~standard": {
    validate(
      value: unknown,
    ):
      | { issues?: readonly { message: string; path?: readonly (PropertyKey | { key: PropertyKey })[] }[] }
      | Promise<unknown>;
  };
}

/** The failure toast's text when the rules could not be downloaded (the browser's own error is cryptic). */
export const RULES_UNAVAILABLE = "The form could not be checked: please check your connection and try again.";

type FieldErrors<Values> = Partial<Record<keyof Values, string>>;

interface PublicFormOptions<Values, Result> {
  initialValues: Values;
  /** The form's zod schema, from a module of its own: the schema library arrives with it. */
  loadSchema: () => Promise<Schema>;
  send: (values: Values) => Promise<Result>;
  onSent: (result: Result) => void;
  onFailed: (error: unknown) => void;
}

/** The first message for each top-level field, as the spec shows them beneath the fields. */
function fieldErrors<Values>(schema: Schema, values: Values): FieldErrors<Values> {
  const result = schema["~standard"].validate(values);
  if (result instanceof Promise) throw new Error("A public form's schema must validate synchronously");
  const errors: FieldErrors<Values> = {};
  for (const issue of result.issues ?? []) {
    const first = issue.path?.[0];
    const field = (typeof first === "object" ? first.key : first) as keyof Values | undefined;
    if (field !== undefined && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/**
 * A public form (contact, support ticket): its values, the messages of the same zod schema the server
 * parses with, and the state of its submission. It stands in for @mantine/form on the two marketing pages
 * that have a form, where every kilobyte is paid by each visitor; the portals use @mantine/form.
 *
 * The schema library would be a quarter of such a page's JavaScript, so it loads when the visitor first
 * focuses a field (or at the latest on submit, which waits for it); nothing is checked before then
 * anyway. A failed load is a failed send: the toast says so, every value stays, and the next submit
 * tries again. As with Mantine's forms, a field's message goes when the field changes.
 */
export function usePublicForm<Values extends Record<string, string>, Result>(
  options: PublicFormOptions<Values, Result>,
) {
  const { initialValues, loadSchema, send, onSent, onFailed } = options;
  const [values, setValues] = useState(initialValues);
  const [errors, setErrors] = useState<FieldErrors<Values>>({});
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const schema = useRef<Promise<Schema> | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // A ref as well as `pending`: a second submit while the schema is still loading must not send twice.
  const busy = useRef(false);
  // Until hydrated, a submit would be the browser's own: a GET that puts the fields in the address and
  // sends nothing. The prerendered button is disabled until then (which also stops Enter from submitting).
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);

  // The form is on screen before React hydrates it, and a visitor (or the browser's autofill) may fill it
  // in by then. React keeps that text through hydration but would replace it with the empty state at the
  // next render; so on mount, what the fields hold becomes the state.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at hydration
  useEffect(() => {
    const fields = formRef.current?.elements;
    if (!fields) return;
    const typed: Partial<Values> = {};
    for (const field of Object.keys(initialValues) as (keyof Values & string)[]) {
      const control = fields.namedItem(field);
      const value = control && "value" in control ? control.value : undefined;
      if (typeof value === "string" && value !== initialValues[field]) typed[field] = value as Values[typeof field];
    }
    if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
  }, []);

  const loadRules = () => {
    schema.current ??= loadSchema().catch(() => {
      schema.current = null;
      throw new Error(RULES_UNAVAILABLE);
    });
    return schema.current;
  };

  const setFieldValue = (field: keyof Values, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy.current) return;
    busy.current = true;
    try {
      const found = fieldErrors(await loadRules(), values);
      setErrors(found);
      if (Object.values(found).some(Boolean)) return;
      setPending(true);
      setError(null);
      const result = await send(values);
      setValues(initialValues);
      onSent(result);
    } catch (failure) {
      setError(failure);
      onFailed(failure);
    } finally {
      busy.current = false;
      setPending(false);
    }
  };

  return {
    values,
    /** For the submit button: disabled until hydrated, and while a send is on its way. */
    canSubmit: hydrated && !pending,
    pending,
    error,
    setFieldValue,
    /** value, onChange and the field's message, for a Mantine input. */
    getInputProps: (field: keyof Values & string) => ({
      name: field,
      value: values[field],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
        setFieldValue(field, event.currentTarget.value),
      error: errors[field],
    }),
    /** For the <form> element. */
    formProps: { ref: formRef, onSubmit, onFocus: () => void loadRules().catch(() => {}), noValidate: true },
  };
}
