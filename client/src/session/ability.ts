import { type AbilityRule, type AppAbility, createAbility } from '@voltscope/shared/abilities';
import { type SessionState, sessionStore, useSession } from './sessionStore.ts';

// One ability per rules array: the store replaces the array only when the session changes, so this
// builds CASL's index once per sign-in instead of once per render or per navigation.
let cached: { rules: readonly AbilityRule[]; ability: AppAbility } | null = null;

export function abilityFor(rules: readonly AbilityRule[]): AppAbility {
  if (cached?.rules !== rules) cached = { rules, ability: createAbility(rules) };
  return cached.ability;
}

const selectRules = (state: SessionState) => state.userAbilityRules;

export const currentAbility = (): AppAbility => abilityFor(sessionStore.getState().userAbilityRules);

export function useAbility(): AppAbility {
  return abilityFor(useSession(selectRules));
}
