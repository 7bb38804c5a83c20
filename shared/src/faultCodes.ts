// The fault-code catalogue: for each device model of the fleet, the codes its `fault_code` series can show,
// each with what it means, how severe it is (an alarm priority) and what the operator or the field
// technician does about it, in every language. A code has one meaning whatever the model (the numbers of
// shared/fleet.ts `faultCodes`); a model lists the codes it has. A code outside the catalogue is decoded
// as "unknown fault code N", never refused: a device reports what its firmware reports.
import type { AlarmPriority, LocalisedText } from './alarms.ts';
import { type FaultName, faultCodes } from './fleet.ts';
import type { Language } from './i18n.ts';

export interface FaultCode {
  code: number;
  /** False for a code this catalogue does not know (for the model, when one is given). */
  known: boolean;
  severity: AlarmPriority;
  /** What it is, as a phrase that fits in a sentence ("insulation fault"). */
  meaning: LocalisedText;
  /** What to do: the operator's first steps, and when to send someone. */
  advice: LocalisedText;
}

type Definition = Omit<FaultCode, 'code' | 'known'>;

const definitions: Record<FaultName, Definition> = {
  overTemperature: {
    severity: 'high',
    meaning: {
      en: 'over-temperature shutdown',
      fr: 'arrêt pour surchauffe',
      fa: 'خاموشی به‌علت دمای بیش از حد',
      ar: 'توقف بسبب ارتفاع الحرارة',
    },
    advice: {
      en: 'Check the cooling: fans running, air filters and intakes clean, the shelter ventilated. The unit restarts once cool; if it trips again the same day, send a technician.',
      fr: 'Vérifier le refroidissement : ventilateurs en marche, filtres et entrées d’air propres, local ventilé. L’appareil redémarre une fois refroidi ; s’il déclenche de nouveau dans la journée, envoyer un technicien.',
      fa: 'خنک‌کاری را بررسی کنید: فن‌ها در حال کار، فیلترها و دریچه‌های هوا تمیز، اتاقک دارای تهویه. دستگاه پس از خنک شدن دوباره راه می‌افتد؛ اگر همان روز دوباره قطع شد، تکنسین بفرستید.',
      ar: 'تحقّق من التبريد: المراوح تعمل، المرشحات وفتحات الهواء نظيفة، الغرفة مهوّاة. يعاود الجهاز التشغيل بعد أن يبرد؛ وإن توقف مرة أخرى في اليوم نفسه فأرسل فنيًا.',
    },
  },
  gridFault: {
    severity: 'high',
    meaning: {
      en: 'grid voltage or frequency out of range',
      fr: 'tension ou fréquence réseau hors plage',
      fa: 'ولتاژ یا فرکانس شبکه خارج از محدوده',
      ar: 'جهد الشبكة أو ترددها خارج المدى',
    },
    advice: {
      en: 'Look at the grid meter and the other units of the site: if they tripped too, the disturbance is on the grid side (call the grid operator). If only this unit, have its AC connection and protection settings checked.',
      fr: 'Regarder le compteur réseau et les autres appareils du site : s’ils ont aussi déclenché, la perturbation vient du réseau (appeler le gestionnaire de réseau). Si seul cet appareil, faire vérifier son raccordement AC et ses réglages de protection.',
      fa: 'کنتور شبکه و دیگر دستگاه‌های نیروگاه را ببینید: اگر آن‌ها هم قطع شده‌اند، اختلال از سمت شبکه است (با بهره‌بردار شبکه تماس بگیرید). اگر فقط همین دستگاه، اتصال AC و تنظیمات حفاظتی آن را بازبینی کنید.',
      ar: 'انظر إلى عداد الشبكة وإلى بقية وحدات الموقع: إن توقفت هي أيضًا فالاضطراب من جهة الشبكة (اتصل بمشغّل الشبكة). وإن كانت هذه الوحدة وحدها، فاطلب فحص توصيلها المتناوب وإعدادات الحماية.',
    },
  },
  insulation: {
    severity: 'high',
    meaning: {
      en: 'insulation fault',
      fr: 'défaut d’isolement',
      fa: 'خطای عایق‌بندی',
      ar: 'عطل في العزل',
    },
    advice: {
      en: 'The insulation resistance of the DC array to earth is low (moisture after rain or dew, or a damaged cable). Do not work on the DC side: a qualified technician measures the insulation string by string before any restart.',
      fr: 'La résistance d’isolement du champ DC par rapport à la terre est faible (humidité après pluie ou rosée, ou câble abîmé). Ne pas intervenir côté DC : un technicien habilité mesure l’isolement chaîne par chaîne avant tout redémarrage.',
      fa: 'مقاومت عایقی آرایهٔ DC نسبت به زمین پایین است (رطوبت پس از باران یا شبنم، یا کابل آسیب‌دیده). روی بخش DC کار نکنید: پیش از هر راه‌اندازی، تکنسین مجاز عایق را رشته به رشته اندازه می‌گیرد.',
      ar: 'مقاومة عزل المصفوفة المستمرة بالنسبة إلى الأرض منخفضة (رطوبة بعد مطر أو ندى، أو كابل تالف). لا تعمل على الجانب المستمر: يقيس فني مؤهل العزل سلسلةً سلسلةً قبل أي إعادة تشغيل.',
    },
  },
  dcArc: {
    severity: 'critical',
    meaning: {
      en: 'DC arc detected',
      fr: 'arc électrique DC détecté',
      fa: 'قوس الکتریکی DC شناسایی شد',
      ar: 'رُصد قوس كهربائي مستمر',
    },
    advice: {
      en: 'Fire risk: keep the inverter off and do not reset it remotely. Send a technician to inspect the string connectors and cables for burn marks before any restart.',
      fr: 'Risque d’incendie : laisser l’onduleur arrêté, ne pas le réarmer à distance. Envoyer un technicien inspecter connecteurs et câbles des chaînes (traces de brûlure) avant tout redémarrage.',
      fa: 'خطر آتش‌سوزی: اینورتر را خاموش نگه دارید و از راه دور ریست نکنید. پیش از هر راه‌اندازی، تکنسین بفرستید تا کانکتورها و کابل‌های رشته‌ها را از نظر سوختگی بازرسی کند.',
      ar: 'خطر حريق: أبقِ العاكس متوقفًا ولا تُعِد ضبطه عن بُعد. أرسل فنيًا لفحص موصلات السلاسل وكابلاتها بحثًا عن آثار احتراق قبل أي إعادة تشغيل.',
    },
  },
  fanFailure: {
    severity: 'medium',
    meaning: {
      en: 'cooling fan failure',
      fr: 'panne du ventilateur',
      fa: 'خرابی فن خنک‌کننده',
      ar: 'عطل في مروحة التبريد',
    },
    advice: {
      en: 'The inverter derates to protect itself. Plan a fan replacement and watch its temperature until then.',
      fr: 'L’onduleur réduit sa puissance pour se protéger. Planifier le remplacement du ventilateur et surveiller sa température d’ici là.',
      fa: 'اینورتر برای حفاظت از خود توانش را کاهش می‌دهد. تعویض فن را برنامه‌ریزی کنید و تا آن زمان دمای آن را زیر نظر داشته باشید.',
      ar: 'يخفّض العاكس قدرته ليحمي نفسه. خطّط لاستبدال المروحة وراقب حرارته حتى ذلك الحين.',
    },
  },
  residualCurrent: {
    severity: 'high',
    meaning: {
      en: 'residual current trip',
      fr: 'déclenchement sur courant résiduel',
      fa: 'قطع به‌علت جریان نشتی',
      ar: 'فصل بسبب تيار متبقٍّ',
    },
    advice: {
      en: 'A leakage current to earth tripped the inverter. If it trips again after restarting, keep it off and send a technician to check the DC cables and modules for damage or water.',
      fr: 'Un courant de fuite à la terre a fait déclencher l’onduleur. S’il déclenche de nouveau après redémarrage, le laisser arrêté et faire vérifier câbles DC et modules (dommages, eau).',
      fa: 'جریان نشتی به زمین اینورتر را قطع کرده است. اگر پس از راه‌اندازی دوباره قطع شد، خاموش نگهش دارید و تکنسین بفرستید تا کابل‌های DC و ماژول‌ها را از نظر آسیب یا نفوذ آب بررسی کند.',
      ar: 'أدى تيار تسرّب إلى الأرض إلى فصل العاكس. إن انفصل مجددًا بعد إعادة التشغيل فأبقه متوقفًا وأرسل فنيًا لفحص الكابلات المستمرة والألواح بحثًا عن تلف أو ماء.',
    },
  },
  dcOvervoltage: {
    severity: 'high',
    meaning: {
      en: 'DC input overvoltage',
      fr: 'surtension d’entrée DC',
      fa: 'اضافه‌ولتاژ ورودی DC',
      ar: 'جهد زائد في الدخل المستمر',
    },
    advice: {
      en: 'The string voltage went above the input limit (cold, bright mornings raise it). Have the string design (modules per string) checked before restarting: repeated events damage the input stage.',
      fr: 'La tension des chaînes a dépassé la limite d’entrée (matins froids et lumineux). Faire vérifier le dimensionnement des chaînes (modules par chaîne) avant de redémarrer : la répétition abîme l’étage d’entrée.',
      fa: 'ولتاژ رشته‌ها از حد ورودی بالاتر رفته است (صبح‌های سرد و آفتابی آن را بالا می‌برند). پیش از راه‌اندازی، طراحی رشته‌ها (تعداد ماژول در هر رشته) را بازبینی کنید: تکرار آن طبقهٔ ورودی را آسیب می‌زند.',
      ar: 'تجاوز جهد السلاسل حدّ الدخل (الصباحات الباردة المشمسة ترفعه). اطلب فحص تصميم السلاسل (عدد الألواح في السلسلة) قبل إعادة التشغيل: تكرار ذلك يتلف مرحلة الدخل.',
    },
  },
  acContactor: {
    severity: 'high',
    meaning: {
      en: 'AC contactor fault',
      fr: 'défaut du contacteur AC',
      fa: 'خطای کنتاکتور AC',
      ar: 'عطل في الملامس المتناوب',
    },
    advice: {
      en: 'The AC contactor did not open or close as commanded. Send a technician to check the contactor and its control supply.',
      fr: 'Le contacteur AC ne s’est pas ouvert ou fermé sur commande. Envoyer un technicien vérifier le contacteur et son alimentation de commande.',
      fa: 'کنتاکتور AC طبق فرمان باز یا بسته نشد. تکنسین بفرستید تا کنتاکتور و تغذیهٔ فرمان آن را بررسی کند.',
      ar: 'لم ينفتح الملامس المتناوب أو ينغلق كما أُمر. أرسل فنيًا لفحص الملامس وتغذية التحكم فيه.',
    },
  },
  icing: {
    severity: 'medium',
    meaning: {
      en: 'ice on the blades',
      fr: 'givre sur les pales',
      fa: 'یخ‌زدگی پره‌ها',
      ar: 'جليد على الشفرات',
    },
    advice: {
      en: 'The turbine runs derated or stops while ice is on the blades. Keep people out of the ice-throw zone; restart once the ice has gone (visual check or de-icing system).',
      fr: 'L’éolienne bride ou s’arrête tant que les pales sont givrées. Tenir le personnel hors de la zone de projection de glace ; redémarrer une fois le givre parti (contrôle visuel ou dégivrage).',
      fa: 'تا وقتی پره‌ها یخ دارند، توربین با توان کاهش‌یافته کار می‌کند یا می‌ایستد. افراد را از محدودهٔ پرتاب یخ دور نگه دارید؛ پس از رفتن یخ (بازدید چشمی یا سامانهٔ یخ‌زدایی) راه‌اندازی کنید.',
      ar: 'يعمل التوربين بقدرة مخفّضة أو يتوقف ما دام الجليد على الشفرات. أبعد الأشخاص عن منطقة تطاير الجليد؛ وأعد التشغيل بعد زوال الجليد (فحص بصري أو نظام إزالة الجليد).',
    },
  },
  pitch: {
    severity: 'high',
    meaning: {
      en: 'pitch system fault',
      fr: 'défaut du système de calage',
      fa: 'خطای سامانهٔ گام پره',
      ar: 'عطل في نظام ميل الشفرات',
    },
    advice: {
      en: 'A blade did not reach the commanded angle and the turbine stopped with its blades feathered. Send a technician to check the pitch drives, their back-up batteries or accumulators and the hub controller.',
      fr: 'Une pale n’a pas atteint l’angle commandé et l’éolienne s’est arrêtée pales en drapeau. Envoyer un technicien vérifier les entraînements de calage, leurs batteries ou accumulateurs de secours et le contrôleur du moyeu.',
      fa: 'یکی از پره‌ها به زاویهٔ فرمان‌داده‌شده نرسید و توربین با پره‌های پرچمی متوقف شد. تکنسین بفرستید تا محرک‌های گام، باتری‌ها یا انباره‌های پشتیبان و کنترلر هاب را بررسی کند.',
      ar: 'لم تبلغ إحدى الشفرات الزاوية المطلوبة فتوقف التوربين وشفراته في وضع الريشة. أرسل فنيًا لفحص محركات الميل وبطارياتها أو مراكمها الاحتياطية ووحدة التحكم في المحور.',
    },
  },
  yaw: {
    severity: 'medium',
    meaning: {
      en: 'yaw system fault',
      fr: 'défaut du système d’orientation',
      fa: 'خطای سامانهٔ یاو',
      ar: 'عطل في نظام الانعراج',
    },
    advice: {
      en: 'The nacelle cannot follow the wind. Have the yaw motors, brakes and wind vane checked; reset once the cause is found, cable twist included.',
      fr: 'La nacelle ne peut plus suivre le vent. Faire vérifier moteurs et freins d’orientation et la girouette ; réarmer une fois la cause trouvée, vrillage des câbles compris.',
      fa: 'ناسل نمی‌تواند باد را دنبال کند. موتورها و ترمزهای یاو و بادنما را بررسی کنید؛ پس از یافتن علت، از جمله پیچش کابل، ریست کنید.',
      ar: 'لا تستطيع الناسل تتبّع الريح. اطلب فحص محركات الانعراج ومكابحه ودوارة الريح؛ وأعد الضبط بعد معرفة السبب، بما في ذلك التواء الكابلات.',
    },
  },
  gearboxOilTemperature: {
    severity: 'high',
    meaning: {
      en: 'gearbox oil over-temperature',
      fr: 'surchauffe de l’huile du multiplicateur',
      fa: 'دمای بیش از حد روغن گیربکس',
      ar: 'ارتفاع حرارة زيت علبة التروس',
    },
    advice: {
      en: 'Look at the trend of the oil temperature, then have the oil cooler, oil level and filter checked before restarting.',
      fr: 'Regarder la tendance de la température d’huile, puis faire vérifier le refroidisseur, le niveau et le filtre d’huile avant de redémarrer.',
      fa: 'روند دمای روغن را ببینید، سپس پیش از راه‌اندازی خنک‌کن روغن، سطح روغن و فیلتر را بررسی کنید.',
      ar: 'انظر إلى منحنى حرارة الزيت، ثم اطلب فحص مبرّد الزيت ومستواه ومرشّحه قبل إعادة التشغيل.',
    },
  },
  generatorTemperature: {
    severity: 'high',
    meaning: {
      en: 'generator over-temperature',
      fr: 'surchauffe de la génératrice',
      fa: 'دمای بیش از حد ژنراتور',
      ar: 'ارتفاع حرارة المولّد',
    },
    advice: {
      en: 'The generator windings or bearings are too hot. Check the nacelle cooling and ventilation; if it trips again after cooling down, send a technician.',
      fr: 'Les enroulements ou roulements de la génératrice sont trop chauds. Vérifier le refroidissement et la ventilation de la nacelle ; si elle déclenche de nouveau une fois refroidie, envoyer un technicien.',
      fa: 'سیم‌پیچ‌ها یا یاتاقان‌های ژنراتور بیش از حد داغ‌اند. خنک‌کاری و تهویهٔ ناسل را بررسی کنید؛ اگر پس از خنک شدن دوباره قطع شد، تکنسین بفرستید.',
      ar: 'ملفات المولّد أو محامله شديدة الحرارة. تحقّق من تبريد الناسل وتهويتها؛ وإن توقف مجددًا بعد أن يبرد فأرسل فنيًا.',
    },
  },
  vibration: {
    severity: 'high',
    meaning: {
      en: 'high vibration',
      fr: 'vibrations excessives',
      fa: 'لرزش بیش از حد',
      ar: 'اهتزاز مرتفع',
    },
    advice: {
      en: 'Do not restart remotely: a technician inspects the drive train, the blades (imbalance, ice) and the tower first.',
      fr: 'Ne pas redémarrer à distance : un technicien inspecte d’abord la chaîne cinématique, les pales (balourd, givre) et le mât.',
      fa: 'از راه دور راه‌اندازی نکنید: ابتدا تکنسین پیشرانه، پره‌ها (نابالانسی، یخ) و برج را بازرسی می‌کند.',
      ar: 'لا تُعِد التشغيل عن بُعد: يفحص فني أولًا مجموعة نقل الحركة والشفرات (عدم الاتزان، الجليد) والبرج.',
    },
  },
  converter: {
    severity: 'high',
    meaning: {
      en: 'converter fault',
      fr: 'défaut du convertisseur',
      fa: 'خطای مبدل',
      ar: 'عطل في مبدّل القدرة',
    },
    advice: {
      en: 'The power converter stopped the turbine. Try one remote reset; if it trips again, send a technician to read the converter’s own fault log.',
      fr: 'Le convertisseur de puissance a arrêté l’éolienne. Tenter un seul réarmement à distance ; s’il déclenche de nouveau, envoyer un technicien lire le journal de défauts du convertisseur.',
      fa: 'مبدل قدرت توربین را متوقف کرد. یک بار از راه دور ریست کنید؛ اگر دوباره قطع شد، تکنسین بفرستید تا گزارش خطای خود مبدل را بخواند.',
      ar: 'أوقف مبدّل القدرة التوربين. جرّب إعادة ضبط واحدة عن بُعد؛ وإن توقف مجددًا فأرسل فنيًا لقراءة سجل أعطال المبدّل نفسه.',
    },
  },
};

const names = new Map<number, FaultName>(
  (Object.entries(faultCodes) as [FaultName | 'none', number][]).flatMap(([name, code]) =>
    name === 'none' ? [] : [[code, name] as const],
  ),
);

const c = faultCodes;

/** The codes each model of the fleet can show (the demo fleet's inverters and turbines). */
export const modelFaultCodes: Readonly<Record<string, readonly number[]>> = {
  'SUN2000-250KTL': [c.overTemperature, c.gridFault, c.insulation, c.dcArc, c.fanFailure, c.residualCurrent],
  'Sunny Central 500': [c.overTemperature, c.gridFault, c.insulation, c.fanFailure, c.dcOvervoltage, c.acContactor],
  SG250HX: [c.overTemperature, c.gridFault, c.insulation, c.dcArc, c.residualCurrent, c.dcOvervoltage],
  'V112-3.0 MW': [
    c.gridFault,
    c.icing,
    c.pitch,
    c.yaw,
    c.gearboxOilTemperature,
    c.generatorTemperature,
    c.vibration,
    c.converter,
  ],
};

const unknown = (code: number): FaultCode => ({
  code,
  known: false,
  severity: 'high',
  meaning: {
    en: `unknown fault code ${code}`,
    fr: `code de défaut inconnu ${code}`,
    fa: `کد خطای ناشناخته ${code}`,
    ar: `رمز عطل غير معروف ${code}`,
  },
  advice: {
    en: 'This code is not in the catalogue of this model: look it up in the manufacturer’s documentation, and send a technician if the unit does not restart.',
    fr: 'Ce code n’est pas au catalogue de ce modèle : le chercher dans la documentation du constructeur, et envoyer un technicien si l’appareil ne redémarre pas.',
    fa: 'این کد در فهرست این مدل نیست: آن را در مستندات سازنده بیابید و اگر دستگاه دوباره راه نیفتاد، تکنسین بفرستید.',
    ar: 'هذا الرمز ليس في دليل هذا الطراز: ابحث عنه في وثائق الصانع، وأرسل فنيًا إن لم تعاود الوحدة التشغيل.',
  },
});

/**
 * A fault code decoded: for `model` when the catalogue has that model (a code it does not list is
 * unknown for it), else by the code alone. Never throws.
 */
export function decodeFault(code: number, model?: string | null): FaultCode {
  const n = Math.round(code);
  const listed = model ? modelFaultCodes[model] : undefined;
  const name = listed && !listed.includes(n) ? undefined : names.get(n);
  return name ? { code: n, known: true, ...definitions[name] } : unknown(n);
}

/** Every code of a model, decoded; none for a model outside the catalogue. */
export const faultCodesOf = (model: string): FaultCode[] =>
  (modelFaultCodes[model] ?? []).map((code) => decodeFault(code, model));

/** The fault as an alarm message says it: "insulation fault (103)", or "unknown fault code 303". */
export function faultText(fault: FaultCode, lng: Language): string {
  return fault.known ? `${fault.meaning[lng]} (${fault.code})` : fault.meaning[lng];
}

/** The unit of power lost, as each language writes it (as the client's units do). */
const KILOWATT: LocalisedText = { en: 'kW', fr: 'kW', fa: 'کیلووات', ar: 'كيلوواط' };

/** A fault message's `{lost}` in one language: the power lost ("350 kW"), or a dash when unknown. */
export const powerLostText = (kw: number | null, lng: Language): string =>
  kw === null ? '—' : `${kw} ${KILOWATT[lng]}`;

/** A meaning at the start of a line or a label: its first letter in capitals where the script has them. */
export const capitalised = (text: string, lng: Language): string =>
  text.charAt(0).toLocaleUpperCase(lng) + text.slice(1);
