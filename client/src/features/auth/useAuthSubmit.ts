// The submit cycle of the sign-in pages: check the fields and stop while one is wrong, else send once; a
// failure is worded on the fields (or the form) and the button is free again. On success the page moves on.
import { type FormEvent, useState } from 'react';

export type AuthErrors<F extends string> = Partial<Record<F, string | undefined>>;

interface AuthSubmitOptions<F extends string> {
  validate: () => AuthErrors<F>;
  /** 'stay': it went through but the page stays (a next step follows), so the button is free again. */
  send: () => Promise<unknown>;
  failed: (failure: unknown) => AuthErrors<F>;
}

export function useAuthSubmit<F extends string>({ validate, send, failed }: AuthSubmitOptions<F>) {
  const [errors, setErrors] = useState<AuthErrors<F>>({});
  const [submitting, setSubmitting] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    setSubmitting(true);
    try {
      if ((await send()) === 'stay') setSubmitting(false);
    } catch (failure) {
      setErrors(failed(failure));
      setSubmitting(false);
    }
  };

  return { errors, setErrors, submitting, onSubmit: (event: FormEvent) => void submit(event) };
}
