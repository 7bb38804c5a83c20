// The second step of a sign-in: a code from the user's authenticator app (each time step good once), or
// one of their recovery codes (each good once); and how a sign-in is written in the audit log.
import type { NewAuditEntry } from '../audit/auditLog.ts';
import type { AuditOutcome } from '../audit/chain.ts';
import type { Db } from '../store/db.ts';
import { claimTotpStep, getMfaState, useRecoveryCode } from '../store/mfa.ts';
import type { UserRecord } from '../store/users.ts';
import { hashRecoveryCode, isTotpCode, normalizeRecoveryCode, totpStep } from './totp.ts';

export type SignInMethod = 'password' | 'totp' | 'recoveryCode';

export type SecondFactorCheck =
  | { ok: true; method: 'totp' | 'recoveryCode' }
  | { ok: false; method: 'totp' | 'recoveryCode'; reason: 'invalid' | 'reused' };

export async function checkSecondFactor(db: Db, userId: number, typed: string): Promise<SecondFactorCheck> {
  const code = typed.trim();
  if (isTotpCode(code.replace(/\s/g, ''))) {
    const state = await getMfaState(db, userId);
    const step = state?.secret ? totpStep(state.secret, code.replace(/\s/g, '')) : null;
    if (step === null) return { ok: false, method: 'totp', reason: 'invalid' };
    // A code seen once (or one older than the last accepted) is refused: a shoulder-surfed or phished
    // code cannot be played again within its window.
    if (!(await claimTotpStep(db, userId, step))) return { ok: false, method: 'totp', reason: 'reused' };
    return { ok: true, method: 'totp' };
  }
  const normalized = normalizeRecoveryCode(code);
  // A recovery code used before is simply not a code any more: its owner is told it is wrong.
  if (normalized === null || !(await useRecoveryCode(db, userId, hashRecoveryCode(normalized)))) {
    return { ok: false, method: 'recoveryCode', reason: 'invalid' };
  }
  return { ok: true, method: 'recoveryCode' };
}

/** An audit entry of the user's own sign-in (or a failure of one). */
export function signInAudit(
  user: UserRecord,
  ip: string,
  action: 'auth.signIn' | 'auth.signInFailed' | 'auth.mfaFailed',
  outcome: AuditOutcome,
  details: Record<string, unknown>,
): NewAuditEntry {
  return {
    actorId: user.id,
    actorName: user.fullName || user.username,
    ip,
    action,
    outcome,
    targetType: 'user',
    targetId: String(user.id),
    targetName: user.username,
    details,
  };
}
