// Security events of sign-in (the event log's `sign_in` type): a failed attempt and the start of a
// throttling wait, worded in the four languages, with the address it came from. The typed login of an
// unknown account is left out: people type passwords into the wrong field.
import type { NewEvent } from '../alarms/store.ts';

type Target = { id: number; fullName: string; username: string } | undefined;

const unknownAccount = {
  en: 'an unknown account',
  fr: 'un compte inconnu',
  fa: 'حسابی ناشناخته',
  ar: 'حساب غير معروف',
} as const;

const nameOf = (user: Target, lng: keyof typeof unknownAccount) =>
  user ? user.fullName || user.username : unknownAccount[lng];

/** Addresses come from a header behind a proxy: keep them short. */
const shortAddress = (address: string) => address.slice(0, 64);

// Filed under the account tried, so that its owner reads them in their own sign-in events.
const event = (user: Target, severity: NewEvent['severity'], message: NewEvent['message']): NewEvent => ({
  userId: user?.id ?? null,
  siteId: null,
  deviceId: null,
  alarmId: null,
  type: 'sign_in',
  severity,
  message,
  userName: null,
  ts: Date.now(),
});

export function signInFailed(user: Target, address: string): NewEvent {
  const ip = shortAddress(address);
  return event(user, 'low', {
    en: `Failed sign-in to ${nameOf(user, 'en')} from ${ip}`,
    fr: `Échec de connexion à ${nameOf(user, 'fr')} depuis ${ip}`,
    fa: `ورود ناموفق به ${nameOf(user, 'fa')} از ${ip}`,
    ar: `فشل تسجيل الدخول إلى ${nameOf(user, 'ar')} من ${ip}`,
  });
}

export function signInThrottled(user: Target, address: string, waitMs: number): NewEvent {
  const ip = shortAddress(address);
  const s = Math.ceil(waitMs / 1000);
  return event(user, 'medium', {
    en: `Sign-in to ${nameOf(user, 'en')} from ${ip} throttled for ${s} s after repeated failures`,
    fr: `Connexion à ${nameOf(user, 'fr')} depuis ${ip} ralentie pendant ${s} s après des échecs répétés`,
    fa: `ورود به ${nameOf(user, 'fa')} از ${ip} پس از شکست‌های پیاپی ${s} ثانیه کند شد`,
    ar: `تم إبطاء تسجيل الدخول إلى ${nameOf(user, 'ar')} من ${ip} لمدة ${s} ث بعد محاولات فاشلة متكررة`,
  });
}
