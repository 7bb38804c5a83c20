// The seed's validation rules (section 5) and their messages in the four languages, shared by the
// server (request checks) and the client (form checks).
import type { Language } from './i18n.ts';

export const validationRules = [
  'required',
  'email',
  'password',
  'confirmed',
  'between',
  'integer',
  'regex',
  'alpha',
  'url',
  'length',
  'alphaDash',
] as const;
export type ValidationRule = (typeof validationRules)[number];

export const PASSWORD_MIN_LENGTH = 8;

export const validationMessages: Record<Language, Record<ValidationRule, string>> = {
  en: {
    required: 'This field is required',
    email: 'The email address entered is invalid',
    password:
      'The password must contain at least one uppercase letter, one lowercase letter, one digit, one special character, and be at least 8 characters long',
    confirmed: 'The password confirmation does not match',
    between: 'The value must be between {{min}} and {{max}}',
    integer: 'This field must be an integer',
    regex: 'The format of the field is invalid',
    alpha: 'The field may only contain alphabetic characters',
    url: 'The URL entered is invalid',
    length: 'The length of the field must be {{length}} characters',
    alphaDash: 'The field may only contain letters, numbers, dashes, and underscores',
  },
  fr: {
    required: 'Ce champ est obligatoire',
    email: 'L’adresse e-mail saisie n’est pas valide',
    password:
      'Le mot de passe doit contenir au moins une majuscule, une minuscule, un chiffre, un caractère spécial et compter au moins 8 caractères',
    confirmed: 'La confirmation du mot de passe ne correspond pas',
    between: 'La valeur doit être comprise entre {{min}} et {{max}}',
    integer: 'Ce champ doit être un nombre entier',
    regex: 'Le format du champ n’est pas valide',
    alpha: 'Ce champ ne peut contenir que des lettres',
    url: 'L’URL saisie n’est pas valide',
    length: 'Ce champ doit compter exactement {{length}} caractères',
    alphaDash: 'Ce champ ne peut contenir que des lettres, des chiffres, des tirets et des traits de soulignement',
  },
  ar: {
    required: 'هذا الحقل مطلوب',
    email: 'عنوان البريد الإلكتروني المُدخل غير صالح',
    password: 'يجب أن تحتوي كلمة المرور على حرف كبير واحد على الأقل وحرف صغير ورقم ورمز خاص، وألا يقل طولها عن 8 أحرف',
    confirmed: 'تأكيد كلمة المرور غير مطابق',
    between: 'يجب أن تكون القيمة بين {{min}} و{{max}}',
    integer: 'يجب أن يكون هذا الحقل عددًا صحيحًا',
    regex: 'صيغة الحقل غير صالحة',
    alpha: 'لا يجوز أن يحتوي الحقل إلا على حروف',
    url: 'عنوان URL المُدخل غير صالح',
    length: 'يجب أن يكون طول الحقل {{length}} أحرف',
    alphaDash: 'لا يجوز أن يحتوي الحقل إلا على حروف وأرقام وشرطات وشرطات سفلية',
  },
  fa: {
    required: 'پر کردن این فیلد الزامی است',
    email: 'نشانی ایمیل واردشده معتبر نیست',
    password: 'گذرواژه باید دست‌کم یک حرف بزرگ، یک حرف کوچک، یک رقم و یک نویسهٔ ویژه داشته باشد و کمتر از ۸ نویسه نباشد',
    confirmed: 'تکرار گذرواژه با آن یکسان نیست',
    between: 'مقدار باید بین {{min}} و {{max}} باشد',
    integer: 'این فیلد باید عدد صحیح باشد',
    regex: 'قالب این فیلد معتبر نیست',
    alpha: 'این فیلد فقط می‌تواند حروف الفبا داشته باشد',
    url: 'نشانی URL واردشده معتبر نیست',
    length: 'طول این فیلد باید {{length}} نویسه باشد',
    alphaDash: 'این فیلد فقط می‌تواند حروف، اعداد، خط تیره و زیرخط داشته باشد',
  },
};

// Deliberately simple: one @, no spaces, a dot in the domain. Real delivery is the only true check.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const ALPHA = /^\p{L}+$/u;
const ALPHA_DASH = /^[\p{L}\p{N}_-]+$/u;

export const isEmail = (value: string): boolean => EMAIL.test(value);
export const isAlpha = (value: string): boolean => ALPHA.test(value);
export const isAlphaDash = (value: string): boolean => ALPHA_DASH.test(value);
export const isInteger = (value: string | number): boolean => /^-?\d+$/.test(String(value).trim());
export const isBetween = (value: number, min: number, max: number): boolean => value >= min && value <= max;

/** Seed rule: at least one uppercase, one lowercase, one digit, one special character, 8 characters. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN_LENGTH &&
    /\p{Lu}/u.test(value) &&
    /\p{Ll}/u.test(value) &&
    /\p{N}/u.test(value) &&
    /[^\p{L}\p{N}\s]/u.test(value)
  );
}

export function isUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

/** Interpolates `{{name}}` placeholders of a message. */
export function formatMessage(message: string, params: Record<string, string | number> = {}): string {
  return message.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => String(params[name] ?? whole));
}
