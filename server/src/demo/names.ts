// The demo fleet's equipment names in the other languages, made from each device's type and number as the
// registry names it in English ("Inverter 22" is "Onduleur 22", "اینورتر 22", "العاكس 22"). The number is
// kept as written on the equipment (with its leading zero); the client writes it in the reader's digits.
import type { Device, DeviceNames } from '@voltscope/shared/fleet';
import type { Language } from '@voltscope/shared/i18n';

type Names = Record<Exclude<Language, 'en'>, string>;

/** English name (with `(\d+)` for its number) → the name in French, Persian and Arabic (`{n}`: the number). */
const patterns: [RegExp, Names][] = [
  [/^Inverter (\d+)$/, { fr: 'Onduleur {n}', fa: 'اینورتر {n}', ar: 'العاكس {n}' }],
  [/^WTG (\d+)$/, { fr: 'Éolienne {n}', fa: 'توربین {n}', ar: 'التوربين {n}' }],
  [/^Combiner box (\d+)$/, { fr: 'Boîte de jonction {n}', fa: 'جعبهٔ ترکیب رشته‌ها {n}', ar: 'صندوق تجميع السلاسل {n}' }],
  [/^Transformer (\d+)$/, { fr: 'Transformateur {n}', fa: 'ترانسفورماتور {n}', ar: 'محوّل الجهد {n}' }],
  [/^Feeder breaker (\d+)$/, { fr: 'Disjoncteur de départ {n}', fa: 'کلید فیدر {n}', ar: 'قاطع المغذّي {n}' }],
  [/^Camera (\d+)$/, { fr: 'Caméra {n}', fa: 'دوربین {n}', ar: 'الكاميرا {n}' }],
  [
    /^Perimeter motion (\d+)$/,
    { fr: 'Détecteur de mouvement périmétrique {n}', fa: 'حسگر حرکت محیطی {n}', ar: 'حساس الحركة المحيطي {n}' },
  ],
  [/^Grid meter$/, { fr: 'Compteur réseau', fa: 'کنتور شبکه', ar: 'عداد الشبكة' }],
  [/^Main breaker$/, { fr: 'Disjoncteur principal', fa: 'کلید اصلی', ar: 'القاطع الرئيسي' }],
  [
    /^MV busbar (\d+) kV$/,
    {
      fr: 'Jeu de barres HTA {n} kV',
      fa: 'باسبار فشار متوسط {n} کیلوولت',
      ar: 'قضبان التوزيع للجهد المتوسط {n} كيلوفولت',
    },
  ],
  [/^Weather station$/, { fr: 'Station météo', fa: 'ایستگاه هواشناسی', ar: 'محطة الأرصاد الجوية' }],
  [/^Met mast$/, { fr: 'Mât de mesure', fa: 'دکل هواشناسی', ar: 'صاري الأرصاد' }],
  [/^Main gate$/, { fr: 'Portail principal', fa: 'درِ اصلی', ar: 'البوابة الرئيسية' }],
  [/^Substation door$/, { fr: 'Porte du poste', fa: 'درِ پست برق', ar: 'باب المحطة الفرعية' }],
];

/** The device with its names in French, Persian and Arabic (as it is, for a name the demo fleet does not give). */
export function withDemoNames<T extends Pick<Device, 'name'>>(device: T): T & { names?: DeviceNames } {
  for (const [pattern, names] of patterns) {
    const match = pattern.exec(device.name);
    if (!match) continue;
    const n = match[1] ?? '';
    return {
      ...device,
      names: { fr: names.fr.replace('{n}', n), fa: names.fa.replace('{n}', n), ar: names.ar.replace('{n}', n) },
    };
  }
  return device;
}
