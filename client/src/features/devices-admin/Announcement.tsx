// The line under a page's or a panel's header that says what the last action did, or why the hub refused
// it (in red, with the hub's reason): a polite live region, so that a screen reader says it too.
import { Text } from '@mantine/core';

export interface Said {
  text: string;
  refused: boolean;
}

export const said = (text: string): Said => ({ text, refused: false });
export const refused = (text: string): Said => ({ text, refused: true });

export function Announcement({ said, testId }: { said: Said | null; testId: string }) {
  return (
    <Text
      role="status"
      size="sm"
      mb={said ? 'sm' : 0}
      {...(said?.refused && { c: 'red', fw: 500 })}
      data-testid={testId}
      data-refused={said?.refused ?? false}
    >
      {said?.text}
    </Text>
  );
}
