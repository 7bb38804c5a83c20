// The submit cycle both account forms share: check the fields, save, then word a refusal on the field the
// server names, or on the whole form.
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, fieldErrorText } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';

export type FormErrors<F extends string> = Partial<Record<F, string | undefined>> & { form?: string | undefined };

interface AccountFormOptions<F extends string> {
  /** The form's fields, as the server names them in a refusal. */
  fields: readonly F[];
  validate: () => FormErrors<F>;
  save: () => Promise<void>;
  /** A refusal worded before the field and form ones (a rate limit on a field), or null. */
  refusal?: (failure: ApiError) => FormErrors<F> | null;
}

export function useAccountForm<F extends string>({ fields, validate, save, refusal }: AccountFormOptions<F>) {
  const { t } = useTranslation(['common']);
  const [errors, setErrors] = useState<FormErrors<F>>({});
  const [saving, setSaving] = useState(false);
  const [done, setDone] = useState(false);

  // TypeScript cannot see that `form` belongs to every FormErrors<F> while F is open.
  const formError = (form: string) => ({ form }) as FormErrors<F>;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const found = validate();
    setErrors(found);
    if (fields.some((name) => found[name])) return;
    setSaving(true);
    try {
      await save();
      setDone(true);
    } catch (failure) {
      if (!(failure instanceof ApiError)) return setErrors(formError(t('common:ui.error')));
      const special = refusal?.(failure);
      if (special) return setErrors(special);
      const named = Object.fromEntries(fields.map((name) => [name, fieldErrorText(failure.body, name)]));
      setErrors(fields.some((name) => named[name]) ? (named as FormErrors<F>) : formError(errorText(failure.body)));
    } finally {
      setSaving(false);
    }
  };

  return { errors, setErrors, saving, done, setDone, onSubmit: (event: FormEvent) => void submit(event) };
}
