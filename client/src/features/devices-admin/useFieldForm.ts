// The check-and-send cycle of this page's forms: a field is checked with the seed's rules
// (shared/src/fleetFields.ts) as the user leaves it, every field again before sending, and the hub's
// refusal is shown at the fields it names (`fields` of a 400), or above the buttons. Reasons are kept,
// not sentences, so they are worded in the language on screen.
import type { Reason } from '@voltscope/shared/errors';
import { checkField, checkFields, type FieldSpec } from '@voltscope/shared/validation';
import { type FormEvent, type FocusEvent as ReactFocusEvent, useState } from 'react';
import { reasonText } from '../../i18n/serverErrors.ts';
import { ApiError } from '../../session/api.ts';
import { refusalText } from './refusal.ts';

type Values = Readonly<Record<string, unknown>>;
type FocusEvent = ReactFocusEvent<HTMLInputElement>;

export interface FieldForm {
  /** The words for a field's problem, found here or by the hub (fields the hub names by path too). */
  error: (field: string) => string | undefined;
  /** Checks one field (on blur; not when the focus goes to one of the form's buttons, see below). */
  check: (field: string, event?: FocusEvent) => void;
  /** The whole form's refusal, worded. */
  failure: string | null;
  busy: boolean;
  onSubmit: (event: FormEvent) => void;
}

export interface FieldFormOptions {
  /** Checks beyond the spec's fields (a series' period), as reasons by field path. */
  extra?: () => Record<string, Reason>;
  /** Whether the form shows a field the hub may name (default: the spec's fields); a refusal of a field
   * it does not show is said above the buttons instead, so that no refusal goes unseen. */
  shows?: (field: string) => boolean;
}

/** `spec` and `values` are read as they are at each call. */
export function useFieldForm(
  spec: FieldSpec,
  values: Values,
  save: () => Promise<void>,
  { extra = () => ({}), shows = (field) => field in spec }: FieldFormOptions = {},
): FieldForm {
  const [reasons, setReasons] = useState<Record<string, Reason>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const check = (field: string, event?: FocusEvent) => {
    const rules = spec[field];
    // Leaving a field for Save or Cancel: a message appearing now would move the button away from under
    // the pointer before the click lands (and Save checks every field anyway).
    const next = event?.relatedTarget;
    if (
      !rules ||
      (next instanceof HTMLButtonElement && next.form !== null && next.form === event?.currentTarget.form)
    ) {
      return;
    }
    const reason = checkField(values[field], rules, values);
    setReasons(({ [field]: _, ...rest }) => (reason ? { ...rest, [field]: reason } : rest));
  };

  const submit = async () => {
    const found = { ...(checkFields(values, spec) as Record<string, Reason>), ...extra() };
    setReasons(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await save();
    } catch (caught) {
      const named = caught instanceof ApiError ? (caught.body.fields ?? {}) : {};
      const unseen = Object.entries(named).filter(([field]) => !shows(field));
      setReasons(named);
      if (Object.keys(named).length === 0) setFailure(refusalText(caught));
      else if (unseen.length > 0) setFailure(unseen.map(([, reason]) => reasonText(reason)).join(' '));
    } finally {
      setBusy(false);
    }
  };

  return {
    error: (field) => {
      const reason = reasons[field];
      return reason ? reasonText(reason) : undefined;
    },
    check,
    failure,
    busy,
    onSubmit: (event) => {
      event.preventDefault();
      if (!busy) void submit();
    },
  };
}
