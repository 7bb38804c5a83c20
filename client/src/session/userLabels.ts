import { type RoleName, roles } from '@voltscope/shared/abilities';

const isRole = (role: string): role is RoleName => (roles as readonly string[]).includes(role);

export const roleLabelKey = (role: string) => `common:roles.${isRole(role) ? role : 'other'}` as const;

/** Up to two initials for an avatar, from the first letters of the first and last words. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words.at(-1)?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}
