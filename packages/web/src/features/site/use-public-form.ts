import { schemaResolver, useForm, type FormErrors } from "@mantine/form";
import { useRef, useState, type FormEvent } from "react";

type Schema = Parameters<typeof schemaResolver>[0];

interface PublicFormOptions<Values, Result> {
  initialValues: Values;
  /** The form's zod schema, from a module of its own: the schema library arrives with it. */
  loadSchema: () => Promise<Schema>;
  send: (values: Values) => Promise<Result>;
  onSent: (result: Result) => void;
  onFailed: (error: unknown) => void;
}

/**
 * A public form (contact, support ticket): Mantine's form checked by the same zod schema as the server,
 * and the state of its submission. The schema library would be a quarter of a marketing page's
 * JavaScript, so it loads when the visitor first focuses a field (or, at the latest, on submit, which
 * waits for it); nothing is validated before then anyway. A failed load is a failed send: the toast
 * says so and the next submit tries again, with every value still in the form.
 */
export function usePublicForm<Values extends Record<string, unknown>, Result>(options: PublicFormOptions<Values, Result>) {
  const { initialValues, loadSchema, send, onSent, onFailed } = options;
  const resolver = useRef<((values: Values) => FormErrors) | null>(null);
  const loading = useRef<Promise<void> | null>(null);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const form = useForm<Values>({ initialValues, validate: (values) => resolver.current?.(values) ?? {} });

  const loadRules = () => {
    loading.current ??= loadSchema().then(
      (schema) => {
        resolver.current = schemaResolver(schema, { sync: true });
      },
      (failure: unknown) => {
        loading.current = null;
        throw failure;
      },
    );
    return loading.current;
  };

  const submit = async (values: Values) => {
    setPending(true);
    setError(null);
    try {
      const result = await send(values);
      form.reset();
      onSent(result);
    } catch (failure) {
      setError(failure);
      onFailed(failure);
    } finally {
      setPending(false);
    }
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    try {
      await loadRules();
    } catch (failure) {
      setError(failure);
      onFailed(failure);
      return;
    }
    form.onSubmit((values) => void submit(values))();
  };

  return {
    form,
    pending,
    error,
    /** For the <form> element. */
    formProps: { onSubmit, onFocus: () => void loadRules().catch(() => {}), noValidate: true },
  };
}
