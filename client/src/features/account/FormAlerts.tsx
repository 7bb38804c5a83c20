// Above an account form: that it was saved, or why the whole form was refused.
import { Alert } from '@mantine/core';
import { IconCircleCheck } from '../../ui/icons.tsx';

export function FormAlerts({ done, doneText, error }: { done: boolean; doneText: string; error: string | undefined }) {
  return (
    <>
      {done && (
        <Alert color="teal" variant="light" icon={<IconCircleCheck />} role="status">
          {doneText}
        </Alert>
      )}
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error}
        </Alert>
      )}
    </>
  );
}
