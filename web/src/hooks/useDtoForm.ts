import { useCallback, useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { plainToInstance, type ClassConstructor } from 'class-transformer';
import { validate } from 'class-validator';

export type FieldErrors<T> = Partial<Record<keyof T, string>>;

async function validateWith<T extends object>(dto: ClassConstructor<object>, values: T) {
  const instance = plainToInstance(dto, values) as object;
  const problems = await validate(instance);
  const errors: FieldErrors<T> = {};
  for (const problem of problems) {
    const messages = Object.values(problem.constraints ?? {});
    // Decorators run bottom-up, so the last message is the top-most (most basic) rule: "required" before "too short".
    if (messages.length) errors[problem.property as keyof T] = messages[messages.length - 1];
  }
  return { errors, instance };
}

/**
 * Form state checked by a contracts DTO class (class-validator), the same rules as the server:
 * validates on submit, then revalidates on every change (spec section 5).
 */
export function useDtoForm<T extends object>(dto: ClassConstructor<object>, initialValues: T) {
  const [values, setValues] = useState<T>(initialValues);
  const [errors, setErrors] = useState<FieldErrors<T>>({});
  const [submitted, setSubmitted] = useState(false);
  const run = useRef(0);

  useEffect(() => {
    if (!submitted) return;
    const current = ++run.current;
    void validateWith(dto, values).then(({ errors: next }) => {
      if (current === run.current) setErrors(next);
    });
  }, [dto, submitted, values]);

  const setValue = useCallback(<K extends keyof T>(name: K, value: T[K]) => {
    setValues((prev) => ({ ...prev, [name]: value }));
  }, []);

  const reset = useCallback((next: T) => {
    setValues(next);
    setErrors({});
    setSubmitted(false);
  }, []);

  /** Props for an MUI TextField bound to a string field. */
  const field = (name: keyof T & string) => ({
    name,
    value: (values[name] ?? '') as unknown as string,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
      setValue(name, event.target.value as T[typeof name]),
    error: Boolean(errors[name]),
    helperText: errors[name],
  });

  /** Validates, then calls `onValid` with the transformed (trimmed, converted) values, or `onInvalid` with the errors. */
  const handleSubmit =
    (onValid: (data: T) => unknown, onInvalid?: (errors: FieldErrors<T>) => unknown) => async (event?: FormEvent) => {
      event?.preventDefault();
      setSubmitted(true);
      const current = ++run.current;
      const { errors: next, instance } = await validateWith(dto, values);
      if (current === run.current) setErrors(next);
      // A plain copy: RTK Query only serialises plain objects as JSON, not DTO class instances.
      if (Object.keys(next).length === 0) await onValid({ ...instance } as T);
      else await onInvalid?.(next);
    };

  return { values, setValue, errors, field, handleSubmit, reset, submitted };
}
