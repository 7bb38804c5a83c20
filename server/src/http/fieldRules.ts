// A body that breaks the seed's rules of its fields (a FieldSpec of shared/src) is refused as every form
// refusal is: 400 VALIDATION, each wrong field with its reason (the client words it) and its English
// message, the first field's reason for the whole request.
import { checkFields, type FieldSpec, type RuleReason, ruleMessage } from '@voltscope/shared/validation';
import { HttpError } from '../errors.ts';

/** Throws the refusal when a field of `spec` is wrong in `body`; returns when all are right. */
export function assertFields<F extends string>(body: Readonly<Record<string, unknown>>, spec: FieldSpec<F>): void {
  const wrong = Object.entries<RuleReason | undefined>(checkFields(body, spec)).filter(
    (entry): entry is [string, RuleReason] => entry[1] !== undefined,
  );
  const [first] = wrong;
  if (!first) return;
  throw new HttpError(400, 'VALIDATION', ruleMessage(first[1]), {
    errors: Object.fromEntries(wrong.map(([field, reason]) => [field, [ruleMessage(reason)]])),
    reason: first[1],
    fields: Object.fromEntries(wrong),
  });
}
