// The wall's keyboard (a remote, or a keyboard left by the screen): Space or P pauses and resumes, the
// arrows go to the next or the previous item. Keys typed into a field, or with a modifier, are not ours.
export type PlaylistCommand = 'toggle' | 'next' | 'previous';

export function commandOf(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'target'>) {
  if (event.ctrlKey || event.metaKey || event.altKey) return null;
  const target = event.target as HTMLElement | null;
  if (target?.closest?.('input, textarea, select, [contenteditable="true"]')) return null;
  switch (event.key) {
    case ' ':
    case 'p':
    case 'P':
      return 'toggle' satisfies PlaylistCommand;
    case 'ArrowRight':
      return 'next' satisfies PlaylistCommand;
    case 'ArrowLeft':
      return 'previous' satisfies PlaylistCommand;
    default:
      return null;
  }
}
