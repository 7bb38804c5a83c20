// The rationalization of the default alarm rules (ISA-18.2's master alarm database): for each, its likely
// causes, the consequence of not acting, the operator's corrective action and the allowed response time,
// in the four languages. Keyed by rule name: the hub seeds them with the rules, and a store from before
// gets them by migration. Admins change them on the rules page like the rest of a rule.
import type { AlarmRule, LocalisedText } from './alarms.ts';
import { defaultRules, type NewRule } from './defaultAlarmRules.ts';

/** The rationale fields of a rule. */
export type Rationale = Pick<AlarmRule, 'cause' | 'consequence' | 'action' | 'responseMinutes'>;

/** A rule as the hub seeds it: its definition and its rationale. */
export type SeededRule = NewRule & Rationale;

/** The rationale of a rule that has none written yet: empty texts, the default response time. */
const EMPTY: LocalisedText = { en: '', fr: '', fa: '', ar: '' };
export const noRationale: Rationale = { cause: EMPTY, consequence: EMPTY, action: EMPTY, responseMinutes: 30 };

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const commLoss = (device: LocalisedText, minutes: number, consequence: LocalisedText): Rationale => ({
  cause: {
    en: `The ${device.en} has sent no data: its communication module, the site network or the site router is down, or the unit has no auxiliary power.`,
    fr: `${capital(device.fr)} n’envoie plus de données : module de communication, réseau du site ou routeur en panne, ou alimentation auxiliaire coupée.`,
    fa: `${device.fa} داده‌ای نفرستاده است: ماژول ارتباطی، شبکه نیروگاه یا روتر از کار افتاده، یا برق کمکی دستگاه قطع است.`,
    ar: `لم يرسل ${device.ar} أي بيانات: وحدة الاتصال أو شبكة الموقع أو الموجّه معطّل، أو انقطعت التغذية المساعدة عن الوحدة.`,
  },
  consequence,
  action: {
    en: `Check whether the other devices of the site still report (a site-wide loss points to the router or the link). Ping the ${device.en} from the site gateway; if it does not answer, send a technician to check its auxiliary power and network cable.`,
    fr: `Vérifier si les autres équipements du site remontent encore (une perte sur tout le site désigne le routeur ou la liaison). Interroger ${device.fr} depuis la passerelle du site ; sans réponse, envoyer un technicien contrôler l’alimentation auxiliaire et le câble réseau.`,
    fa: `بررسی کنید دیگر دستگاه‌های نیروگاه هنوز داده می‌فرستند یا نه (قطع کل نیروگاه یعنی روتر یا خط ارتباطی). از دروازه نیروگاه ${device.fa} را پینگ کنید؛ اگر پاسخ نداد، تکنسین را برای بررسی برق کمکی و کابل شبکه بفرستید.`,
    ar: `تحقّق مما إذا كانت بقية أجهزة الموقع لا تزال ترسل بياناتها (فقدان الموقع بأكمله يشير إلى الموجّه أو خط الاتصال). أرسل طلب ping إلى ${device.ar} من بوابة الموقع؛ وإن لم يستجب فأرسل فنيًا لفحص التغذية المساعدة وكابل الشبكة.`,
  },
  responseMinutes: minutes,
});

const blind = (device: LocalisedText): LocalisedText => ({
  en: `The control room is blind to the ${device.en}: a fault or a loss of production there would go unseen, and the site's figures are computed without it.`,
  fr: `La salle de contrôle ne voit plus ${device.fr} : un défaut ou une perte de production passerait inaperçu, et les indicateurs du site sont calculés sans lui.`,
  fa: `اتاق کنترل ${device.fa} را نمی‌بیند: خطا یا افت تولید آن دیده نمی‌شود و ارقام نیروگاه بدون آن محاسبه می‌شود.`,
  ar: `غرفة التحكم لا ترى ${device.ar}: أي عطل أو فقدان للإنتاج فيه يمرّ دون ملاحظة، وتُحسب أرقام الموقع من دونه.`,
});

const inverter = { en: 'inverter', fr: 'l’onduleur', fa: 'اینورتر', ar: 'العاكس' };
const turbine = { en: 'turbine', fr: 'l’éolienne', fa: 'توربین', ar: 'التوربين' };
const weatherStation = {
  en: 'weather station',
  fr: 'la station météo',
  fa: 'ایستگاه هواشناسی',
  ar: 'محطة الأرصاد',
};

/** Per default rule name, its rationale. */
export const defaultRationale: Record<string, Rationale> = {
  'Main breaker open': {
    cause: {
      en: 'The main breaker tripped on a protection (overcurrent, earth fault, grid protection relay) or was opened by hand or remotely.',
      fr: 'Le disjoncteur principal a déclenché sur une protection (surintensité, défaut à la terre, relais de découplage) ou a été ouvert à la main ou à distance.',
      fa: 'کلید اصلی با یک حفاظت (اضافه جریان، خطای زمین، رله حفاظت شبکه) قطع شده یا دستی یا از راه دور باز شده است.',
      ar: 'فصل القاطع الرئيسي بفعل حماية (تيار زائد، عطل أرضي، مرحّل حماية الشبكة) أو فُتح يدويًا أو عن بُعد.',
    },
    consequence: {
      en: 'The whole site is cut off from the grid: it exports nothing and loses all its production until the breaker is closed again.',
      fr: 'Tout le site est coupé du réseau : il n’injecte plus rien et perd toute sa production jusqu’à la refermeture du disjoncteur.',
      fa: 'کل نیروگاه از شبکه جدا است: چیزی تحویل نمی‌دهد و تا بسته شدن دوباره کلید همه تولیدش از دست می‌رود.',
      ar: 'الموقع بأكمله مفصول عن الشبكة: لا يصدّر شيئًا ويخسر كل إنتاجه حتى يُغلق القاطع من جديد.',
    },
    action: {
      en: 'Read the protection relay’s trip record. If it tripped on a fault, do not reclose: send the on-call technician and inform the grid operator. If it was opened for work, confirm with the site lead. Reclose only once the cause is cleared.',
      fr: 'Lire l’enregistrement de déclenchement du relais de protection. Sur défaut, ne pas refermer : envoyer le technicien d’astreinte et prévenir le gestionnaire de réseau. Si l’ouverture était prévue pour des travaux, le confirmer avec le responsable du site. Refermer seulement une fois la cause levée.',
      fa: 'سابقه قطع رله حفاظتی را بخوانید. اگر روی خطا قطع شده، دوباره وصل نکنید: تکنسین کشیک را بفرستید و به بهره‌بردار شبکه اطلاع دهید. اگر برای کار باز شده، با سرپرست نیروگاه تأیید کنید. فقط پس از رفع علت دوباره وصل کنید.',
      ar: 'اقرأ سجل الفصل في مرحّل الحماية. إن فصل بسبب عطل فلا تُعِد الإغلاق: أرسل الفني المناوب وأبلغ مشغّل الشبكة. وإن فُتح لأعمال صيانة فتأكّد من ذلك مع مسؤول الموقع. لا تُعِد الإغلاق إلا بعد زوال السبب.',
    },
    responseMinutes: 5,
  },
  'Grid voltage lost': {
    cause: {
      en: 'No voltage at the point of connection: an outage on the grid operator’s network, or an open switch or blown fuse upstream of the site’s meter.',
      fr: 'Plus de tension au point de raccordement : coupure sur le réseau du gestionnaire, ou interrupteur ouvert ou fusible fondu en amont du compteur du site.',
      fa: 'در نقطه اتصال ولتاژی نیست: خاموشی در شبکه بهره‌بردار، یا کلید باز یا فیوز سوخته پیش از کنتور نیروگاه.',
      ar: 'لا جهد عند نقطة الربط: انقطاع في شبكة مشغّل الشبكة، أو مفتاح مفتوح أو مصهر محروق قبل عدّاد الموقع.',
    },
    consequence: {
      en: 'The inverters and turbines stop by design (anti-islanding): the site produces nothing while the grid is out. Their own alarms are suppressed as consequences.',
      fr: 'Les onduleurs et éoliennes s’arrêtent par conception (anti-îlotage) : le site ne produit rien tant que le réseau est absent. Leurs propres alarmes sont supprimées comme conséquences.',
      fa: 'اینورترها و توربین‌ها طبق طراحی (ضد جزیره‌ای شدن) می‌ایستند: تا برگشت شبکه نیروگاه چیزی تولید نمی‌کند. هشدارهای خودشان به عنوان پیامد سرکوب می‌شوند.',
      ar: 'تتوقف العواكس والتوربينات بحكم التصميم (منع التشغيل المعزول): لا ينتج الموقع شيئًا ما دامت الشبكة غائبة. وتُكبت إنذاراتها الخاصة بوصفها نتائج.',
    },
    action: {
      en: 'Check the grid operator’s outage notices and call their control centre. If the grid is up, send a technician to the point of connection. Note the start time for the loss-of-production report.',
      fr: 'Consulter les avis de coupure du gestionnaire de réseau et appeler son centre de conduite. Si le réseau est présent, envoyer un technicien au point de raccordement. Noter l’heure de début pour le rapport de pertes de production.',
      fa: 'اطلاعیه‌های خاموشی بهره‌بردار شبکه را ببینید و با مرکز کنترل آن تماس بگیرید. اگر شبکه برقرار است، تکنسین را به نقطه اتصال بفرستید. زمان شروع را برای گزارش افت تولید یادداشت کنید.',
      ar: 'راجع إشعارات الانقطاع لدى مشغّل الشبكة واتصل بمركز التحكم لديه. إن كانت الشبكة قائمة فأرسل فنيًا إلى نقطة الربط. سجّل وقت البدء لتقرير فقدان الإنتاج.',
    },
    responseMinutes: 5,
  },
  'Inverter over-temperature': {
    cause: {
      en: 'The inverter’s heat sink is too hot: blocked air filters or a failed fan, a hot enclosure, or a long run at full power on a hot day.',
      fr: 'Le dissipateur de l’onduleur est trop chaud : filtres à air colmatés ou ventilateur en panne, local trop chaud, ou longue marche à pleine puissance par forte chaleur.',
      fa: 'هیت‌سینک اینورتر بیش از حد داغ است: فیلتر هوای گرفته یا فن خراب، محفظه داغ، یا کار طولانی با توان کامل در روز گرم.',
      ar: 'المبدّد الحراري للعاكس ساخن أكثر من اللازم: مرشّحات هواء مسدودة أو مروحة معطّلة، أو حاوية ساخنة، أو تشغيل طويل بكامل القدرة في يوم حار.',
    },
    consequence: {
      en: 'The inverter derates its output to protect itself, then trips if it keeps heating: lost production, and faster ageing of its power electronics.',
      fr: 'L’onduleur réduit sa puissance pour se protéger, puis déclenche s’il continue de chauffer : production perdue et vieillissement accéléré de l’électronique de puissance.',
      fa: 'اینورتر برای حفاظت از خود توانش را کم می‌کند و اگر گرم شدن ادامه یابد قطع می‌شود: تولید از دست رفته و فرسودگی سریع‌تر الکترونیک قدرت.',
      ar: 'يخفّض العاكس قدرته ليحمي نفسه، ثم يفصل إن استمر في السخونة: إنتاج مفقود وتقادم أسرع لإلكترونيات القدرة.',
    },
    action: {
      en: 'Compare with the neighbouring inverters: if only this one is hot, schedule a check of its fans and filters today; if all are hot, check the enclosure’s ventilation. If it keeps rising, limit its power setpoint.',
      fr: 'Comparer avec les onduleurs voisins : si lui seul chauffe, planifier aujourd’hui un contrôle des ventilateurs et filtres ; si tous chauffent, vérifier la ventilation du local. Si la température monte encore, limiter sa consigne de puissance.',
      fa: 'با اینورترهای کناری مقایسه کنید: اگر فقط این یکی داغ است، بازدید فن‌ها و فیلترهایش را برای امروز برنامه‌ریزی کنید؛ اگر همه داغ‌اند، تهویه محفظه را بررسی کنید. اگر دما همچنان بالا رفت، نقطه تنظیم توانش را محدود کنید.',
      ar: 'قارنه بالعواكس المجاورة: إن كان وحده ساخنًا فجدول فحص مراوحه ومرشّحاته اليوم؛ وإن كانت كلها ساخنة فافحص تهوية الحاوية. وإن استمر الارتفاع فاخفض نقطة ضبط قدرته.',
    },
    responseMinutes: 30,
  },
  'Inverter fault': {
    cause: {
      en: 'The inverter stopped on a fault it detected itself (the code says which): insulation fault on the DC side, grid out of limits, overtemperature or an internal failure.',
      fr: 'L’onduleur s’est arrêté sur un défaut qu’il a lui-même détecté (le code dit lequel) : défaut d’isolement côté continu, réseau hors limites, surchauffe ou panne interne.',
      fa: 'اینورتر روی خطایی که خودش تشخیص داده ایستاده است (کد نوع آن را می‌گوید): خطای عایقی سمت DC، شبکه خارج از حدود، دمای بیش از حد یا خرابی داخلی.',
      ar: 'توقف العاكس بسبب عطل اكتشفه بنفسه (يبيّن الرمز نوعه): عطل عزل في جانب التيار المستمر، أو شبكة خارج الحدود، أو سخونة زائدة، أو عطل داخلي.',
    },
    consequence: {
      en: 'The inverter produces nothing while it is stopped: its whole share of the site’s power is lost. An insulation fault is also a shock and fire hazard on its strings.',
      fr: 'L’onduleur ne produit rien tant qu’il est arrêté : toute sa part de la puissance du site est perdue. Un défaut d’isolement est aussi un risque d’électrocution et d’incendie sur ses chaînes.',
      fa: 'اینورتر تا زمانی که ایستاده چیزی تولید نمی‌کند: کل سهمش از توان نیروگاه از دست می‌رود. خطای عایقی خطر برق‌گرفتگی و آتش‌سوزی در رشته‌هایش هم هست.',
      ar: 'لا ينتج العاكس شيئًا ما دام متوقفًا: تضيع حصته كاملة من قدرة الموقع. وعطل العزل خطر صعق وحريق أيضًا على سلاسله.',
    },
    action: {
      en: 'Look up the fault code. A grid fault usually clears by itself: watch that it restarts within 10 minutes. For an insulation or internal fault, do not reset remotely more than once: send a technician and keep the strings isolated.',
      fr: 'Consulter le code de défaut. Un défaut réseau s’efface en général seul : vérifier le redémarrage sous 10 minutes. Pour un défaut d’isolement ou interne, ne pas réarmer à distance plus d’une fois : envoyer un technicien et laisser les chaînes isolées.',
      fa: 'کد خطا را بررسی کنید. خطای شبکه معمولاً خودبه‌خود رفع می‌شود: ببینید ظرف ۱۰ دقیقه دوباره راه بیفتد. برای خطای عایقی یا داخلی بیش از یک بار از راه دور ریست نکنید: تکنسین بفرستید و رشته‌ها را جدا نگه دارید.',
      ar: 'ابحث عن رمز العطل. عطل الشبكة يزول عادةً من تلقاء نفسه: تأكّد من إعادة التشغيل خلال 10 دقائق. أما عطل العزل أو العطل الداخلي فلا تُعِد الضبط عن بُعد أكثر من مرة: أرسل فنيًا وأبقِ السلاسل معزولة.',
    },
    responseMinutes: 15,
  },
  'Inverter communication lost': commLoss(inverter, 30, blind(inverter)),
  'Turbine fault': {
    cause: {
      en: 'The turbine’s controller stopped it on a fault (the code says which): pitch or yaw system, converter, generator overtemperature, vibration or an overspeed.',
      fr: 'L’automate de l’éolienne l’a arrêtée sur un défaut (le code dit lequel) : calage des pales ou orientation, convertisseur, surchauffe de la génératrice, vibrations ou survitesse.',
      fa: 'کنترلر توربین آن را روی یک خطا متوقف کرده است (کد نوع آن را می‌گوید): سیستم پیچ یا یاو، مبدل، دمای بیش از حد ژنراتور، لرزش یا سرعت بیش از حد.',
      ar: 'أوقف متحكّم التوربين التوربين بسبب عطل (يبيّن الرمز نوعه): نظام ميل الشفرات أو التوجيه، أو المحوّل، أو سخونة المولّد، أو الاهتزاز، أو السرعة الزائدة.',
    },
    consequence: {
      en: 'The turbine produces nothing while stopped. An overspeed or vibration fault may point to mechanical damage that a restart would make worse.',
      fr: 'L’éolienne ne produit rien tant qu’elle est arrêtée. Un défaut de survitesse ou de vibrations peut signaler un dommage mécanique qu’un redémarrage aggraverait.',
      fa: 'توربین تا زمانی که ایستاده چیزی تولید نمی‌کند. خطای سرعت بیش از حد یا لرزش ممکن است نشانه آسیب مکانیکی باشد که راه‌اندازی دوباره آن را بدتر می‌کند.',
      ar: 'لا ينتج التوربين شيئًا ما دام متوقفًا. وقد يدل عطل السرعة الزائدة أو الاهتزاز على ضرر ميكانيكي تزيده إعادة التشغيل سوءًا.',
    },
    action: {
      en: 'Look up the fault code. After a converter or grid fault, one remote reset is allowed. After an overspeed, vibration or pitch fault, do not reset: keep the turbine stopped and send a technician to inspect it.',
      fr: 'Consulter le code de défaut. Après un défaut convertisseur ou réseau, un réarmement à distance est permis. Après une survitesse, des vibrations ou un défaut de calage, ne pas réarmer : garder l’éolienne à l’arrêt et envoyer un technicien l’inspecter.',
      fa: 'کد خطا را بررسی کنید. پس از خطای مبدل یا شبکه، یک بار ریست از راه دور مجاز است. پس از سرعت بیش از حد، لرزش یا خطای پیچ ریست نکنید: توربین را متوقف نگه دارید و تکنسین را برای بازرسی بفرستید.',
      ar: 'ابحث عن رمز العطل. بعد عطل المحوّل أو الشبكة يُسمح بإعادة ضبط واحدة عن بُعد. أما بعد السرعة الزائدة أو الاهتزاز أو عطل ميل الشفرات فلا تُعِد الضبط: أبقِ التوربين متوقفًا وأرسل فنيًا لفحصه.',
    },
    responseMinutes: 15,
  },
  'Nacelle over-temperature': {
    cause: {
      en: 'The nacelle is too hot: a failed cooling fan or clogged filter, a gearbox or generator running hot, or a long run at full power in hot weather.',
      fr: 'La nacelle est trop chaude : ventilateur de refroidissement en panne ou filtre colmaté, multiplicateur ou génératrice qui chauffe, ou longue marche à pleine puissance par temps chaud.',
      fa: 'ناسل بیش از حد داغ است: فن خنک‌کننده خراب یا فیلتر گرفته، گیربکس یا ژنراتور داغ، یا کار طولانی با توان کامل در هوای گرم.',
      ar: 'الناسل ساخن أكثر من اللازم: مروحة تبريد معطّلة أو مرشّح مسدود، أو علبة تروس أو مولّد يسخن، أو تشغيل طويل بكامل القدرة في طقس حار.',
    },
    consequence: {
      en: 'The turbine derates, then stops if it keeps heating; oil and bearings age faster, and the electronics in the nacelle may fail.',
      fr: 'L’éolienne réduit sa puissance puis s’arrête si elle continue de chauffer ; l’huile et les roulements vieillissent plus vite et l’électronique de la nacelle peut tomber en panne.',
      fa: 'توربین توانش را کم می‌کند و اگر گرم شدن ادامه یابد می‌ایستد؛ روغن و یاتاقان‌ها زودتر فرسوده می‌شوند و الکترونیک ناسل ممکن است خراب شود.',
      ar: 'يخفّض التوربين قدرته ثم يتوقف إن استمر في السخونة؛ ويتقادم الزيت والمحامل أسرع، وقد تتعطّل الإلكترونيات في الناسل.',
    },
    action: {
      en: 'Compare with the other turbines of the park. If only this one is hot, check its gearbox and generator temperatures and plan a cooling-system check; if it keeps rising, curtail it to half power.',
      fr: 'Comparer avec les autres éoliennes du parc. Si elle seule chauffe, vérifier les températures du multiplicateur et de la génératrice et planifier un contrôle du refroidissement ; si la température monte encore, la brider à mi-puissance.',
      fa: 'با توربین‌های دیگر مزرعه مقایسه کنید. اگر فقط این یکی داغ است، دمای گیربکس و ژنراتور را ببینید و بازدید سیستم خنک‌کننده را برنامه‌ریزی کنید؛ اگر دما همچنان بالا رفت، توانش را به نصف محدود کنید.',
      ar: 'قارنه ببقية توربينات المزرعة. إن كان وحده ساخنًا فافحص حرارة علبة التروس والمولّد وجدول فحص نظام التبريد؛ وإن استمر الارتفاع فقيّده بنصف القدرة.',
    },
    responseMinutes: 30,
  },
  'Turbine communication lost': commLoss(turbine, 30, blind(turbine)),
  'Transformer oil temperature': {
    cause: {
      en: 'The transformer’s oil is too hot: overload, failed cooling fans or pumps, a high ambient temperature, or an internal fault heating the windings.',
      fr: 'L’huile du transformateur est trop chaude : surcharge, ventilateurs ou pompes de refroidissement en panne, forte chaleur ambiante, ou défaut interne qui chauffe les enroulements.',
      fa: 'روغن ترانسفورماتور بیش از حد داغ است: اضافه بار، فن‌ها یا پمپ‌های خنک‌کننده خراب، دمای محیط بالا، یا خطای داخلی که سیم‌پیچ‌ها را گرم می‌کند.',
      ar: 'زيت المحوّل ساخن أكثر من اللازم: حمل زائد، أو مراوح أو مضخات تبريد معطّلة، أو حرارة محيطة مرتفعة، أو عطل داخلي يسخّن الملفات.',
    },
    consequence: {
      en: 'The insulation ages quickly; above the trip limit the transformer’s protection opens it and every inverter behind it stops. A transformer failure means weeks without production.',
      fr: 'L’isolation vieillit vite ; au-delà du seuil de déclenchement la protection ouvre le transformateur et tous les onduleurs en aval s’arrêtent. Une panne de transformateur, ce sont des semaines sans production.',
      fa: 'عایق به سرعت فرسوده می‌شود؛ بالاتر از حد قطع، حفاظت ترانسفورماتور آن را باز می‌کند و همه اینورترهای پشت آن می‌ایستند. خرابی ترانسفورماتور یعنی هفته‌ها بدون تولید.',
      ar: 'يتقادم العزل بسرعة؛ وفوق حد الفصل تفتحه حماية المحوّل فتتوقف كل العواكس خلفه. وتعطّل المحوّل يعني أسابيع بلا إنتاج.',
    },
    action: {
      en: 'Check the transformer’s load: if it is overloaded, curtail the inverters behind it. Check that its cooling fans run. If the oil keeps rising with a normal load, send a technician: it may be an internal fault.',
      fr: 'Vérifier la charge du transformateur : en surcharge, brider les onduleurs en aval. Vérifier que ses ventilateurs tournent. Si l’huile chauffe encore à charge normale, envoyer un technicien : ce peut être un défaut interne.',
      fa: 'بار ترانسفورماتور را بررسی کنید: اگر اضافه بار دارد، اینورترهای پشت آن را محدود کنید. بررسی کنید فن‌های خنک‌کننده کار می‌کنند. اگر با بار عادی روغن همچنان داغ‌تر شد، تکنسین بفرستید: ممکن است خطای داخلی باشد.',
      ar: 'افحص حمل المحوّل: إن كان محمّلًا فوق طاقته فقيّد العواكس خلفه. تأكّد من أن مراوح التبريد تعمل. وإن استمر الزيت في السخونة مع حمل عادي فأرسل فنيًا: قد يكون عطلًا داخليًا.',
    },
    responseMinutes: 15,
  },
  'Transformer overload': {
    cause: {
      en: 'More power flows through the transformer than it is rated for: the inverters behind it produce above its rating (clear sky, cold panels) or their power limit was raised.',
      fr: 'Le transformateur transite plus que sa puissance nominale : les onduleurs en aval produisent au-delà (ciel clair, panneaux froids) ou leur limite de puissance a été relevée.',
      fa: 'توانی بیش از توان نامی از ترانسفورماتور می‌گذرد: اینورترهای پشت آن بیش از ظرفیت تولید می‌کنند (آسمان صاف، پنل‌های سرد) یا حد توانشان بالا برده شده است.',
      ar: 'تمرّ عبر المحوّل قدرة تفوق قدرته الاسمية: العواكس خلفه تنتج فوق قدرته (سماء صافية، ألواح باردة) أو رُفع حد قدرتها.',
    },
    consequence: {
      en: 'The windings and oil heat up and the insulation ages faster; a long overload ends in an oil over-temperature alarm and a trip.',
      fr: 'Les enroulements et l’huile s’échauffent et l’isolation vieillit plus vite ; une surcharge prolongée finit en alarme de température d’huile et en déclenchement.',
      fa: 'سیم‌پیچ‌ها و روغن گرم می‌شوند و عایق زودتر فرسوده می‌شود؛ اضافه بار طولانی به هشدار دمای روغن و قطع می‌انجامد.',
      ar: 'تسخن الملفات والزيت ويتقادم العزل أسرع؛ وينتهي الحمل الزائد الطويل بإنذار حرارة الزيت ثم الفصل.',
    },
    action: {
      en: 'Lower the power limit of the inverters behind this transformer until the load is back under its rating, and watch its oil temperature. Check that no setpoint was raised by mistake.',
      fr: 'Abaisser la limite de puissance des onduleurs en aval jusqu’à ce que la charge repasse sous la nominale, et surveiller la température d’huile. Vérifier qu’aucune consigne n’a été relevée par erreur.',
      fa: 'حد توان اینورترهای پشت این ترانسفورماتور را پایین بیاورید تا بار زیر توان نامی برگردد و دمای روغن را زیر نظر بگیرید. بررسی کنید هیچ نقطه تنظیمی به اشتباه بالا نرفته باشد.',
      ar: 'اخفض حد قدرة العواكس خلف هذا المحوّل حتى يعود الحمل تحت قدرته الاسمية، وراقب حرارة الزيت. تأكّد من أن أي نقطة ضبط لم تُرفع خطأً.',
    },
    responseMinutes: 30,
  },
  'Weather station communication lost': commLoss(weatherStation, 240, {
    en: 'No irradiance, temperature or wind readings: the site’s expected energy and performance ratio cannot be computed, and under-performance goes unnoticed.',
    fr: 'Plus de mesures d’ensoleillement, de température ni de vent : l’énergie attendue et le ratio de performance du site ne peuvent plus être calculés, et une sous-performance passe inaperçue.',
    fa: 'داده تابش، دما و باد نمی‌رسد: انرژی مورد انتظار و نسبت عملکرد نیروگاه محاسبه نمی‌شود و کم‌کاری دیده نمی‌شود.',
    ar: 'لا قراءات للإشعاع ولا للحرارة ولا للرياح: لا يمكن حساب الطاقة المتوقعة ونسبة أداء الموقع، ويمرّ ضعف الأداء دون ملاحظة.',
  }),
  'Motion in a zone': {
    cause: {
      en: 'A motion sensor saw a person or a vehicle in its zone: an intruder at the fence, a vehicle at the gate, or staff or contractors not announced.',
      fr: 'Un détecteur de mouvement a vu une personne ou un véhicule dans sa zone : un intrus à la clôture, un véhicule au portail, ou du personnel ou des sous-traitants non annoncés.',
      fa: 'حسگر حرکت شخص یا خودرویی را در محدوده خود دیده است: مزاحم کنار حصار، خودرو پشت دروازه، یا کارکنان یا پیمانکاران اعلام‌نشده.',
      ar: 'رصد حسّاس الحركة شخصًا أو مركبة في نطاقه: متسلّل عند السياج، أو مركبة عند البوابة، أو موظفون أو متعاقدون لم يُعلَن عنهم.',
    },
    consequence: {
      en: 'Unchecked, an intrusion can end in theft of cables or modules, vandalism, or a person hurt near live equipment.',
      fr: 'Sans vérification, une intrusion peut finir en vol de câbles ou de modules, en vandalisme, ou en blessure d’une personne près d’équipements sous tension.',
      fa: 'اگر بررسی نشود، ورود غیرمجاز می‌تواند به سرقت کابل یا پنل، خرابکاری، یا آسیب دیدن کسی کنار تجهیزات برق‌دار بینجامد.',
      ar: 'إن لم يُتحقَّق منه، فقد ينتهي التسلّل بسرقة كابلات أو ألواح، أو تخريب، أو إصابة شخص قرب معدات مكهربة.',
    },
    action: {
      en: 'Open the motion trace and the camera snapshot of the alarm. If work is planned there, note who is on site; if not, follow the track on the cameras and call the security service or the police.',
      fr: 'Ouvrir la trace de mouvement et l’image de la caméra liée à l’alarme. Si des travaux sont prévus, noter qui est sur site ; sinon, suivre la trace sur les caméras et appeler le service de sécurité ou la police.',
      fa: 'ردیابی حرکت و عکس دوربینِ هشدار را باز کنید. اگر کاری آنجا برنامه‌ریزی شده، ثبت کنید چه کسی در سایت است؛ وگرنه مسیر را با دوربین‌ها دنبال کنید و با نگهبانی یا پلیس تماس بگیرید.',
      ar: 'افتح أثر الحركة ولقطة الكاميرا الخاصة بالإنذار. إن كانت هناك أعمال مقررة فدوّن من في الموقع؛ وإلا فتابع الأثر بالكاميرات واتصل بخدمة الأمن أو بالشرطة.',
    },
    responseMinutes: 5,
  },
  // The site access log's rules (door readers).
  'Door forced open': {
    cause: {
      en: 'A door opened without a badge granted first: someone forced it or entered through a jammed lock, or the door contact or the reader is faulty.',
      fr: 'Une porte s’est ouverte sans badge accepté : quelqu’un l’a forcée ou est entré par une serrure bloquée, ou le contact de porte ou le lecteur est défaillant.',
      fa: 'دری بدون پذیرش کارت باز شد: کسی آن را به زور باز کرده یا از قفلی گیرکرده وارد شده، یا کنتاکت در یا کارت‌خوان خراب است.',
      ar: 'فُتح باب دون قبول بطاقة أولًا: أحدهم فتحه عنوةً أو دخل من قفل عالق، أو أن ملامس الباب أو القارئ معطّل.',
    },
    consequence: {
      en: 'An intruder may be on site: theft of cables or panels, damage to equipment, and a danger to anyone near live equipment.',
      fr: 'Un intrus est peut-être sur le site : vol de câbles ou de panneaux, dégâts aux équipements, et danger pour quiconque approche des installations sous tension.',
      fa: 'ممکن است مزاحمی در نیروگاه باشد: سرقت کابل یا پنل، آسیب به تجهیزات و خطر برای هر کسی که به تجهیزات برق‌دار نزدیک شود.',
      ar: 'قد يكون في الموقع متسلّل: سرقة كابلات أو ألواح، أو إتلاف معدات، وخطر على كل من يقترب من المعدات المكهربة.',
    },
    action: {
      en: 'Look at the cameras near the door and the access log just before. If nobody authorised is there, call the site guard or the police; otherwise have the door and its contact checked.',
      fr: 'Regarder les caméras près de la porte et le journal d’accès juste avant. Si personne d’autorisé n’est présent, appeler le gardien du site ou la police ; sinon faire vérifier la porte et son contact.',
      fa: 'دوربین‌های نزدیک در و گزارش ورود لحظات پیش از آن را ببینید. اگر فرد مجازی آنجا نیست، با نگهبان نیروگاه یا پلیس تماس بگیرید؛ وگرنه در و کنتاکت آن را بررسی کنید.',
      ar: 'راجع الكاميرات القريبة من الباب وسجل الدخول قبيل الحادثة. إن لم يكن هناك أحد مخوّل فاتصل بحارس الموقع أو بالشرطة؛ وإلا فاطلب فحص الباب وملامسه.',
    },
    responseMinutes: 5,
  },
  'Door held open': {
    cause: {
      en: 'A door stayed open well past the time a passage takes: propped open for a delivery or work, not closed properly, or a faulty closer or contact.',
      fr: 'Une porte est restée ouverte bien plus longtemps qu’un passage : calée pour une livraison ou des travaux, mal refermée, ou ferme-porte ou contact défaillant.',
      fa: 'دری بسیار بیشتر از زمان یک عبور باز مانده است: برای تحویل بار یا کار باز نگه داشته شده، درست بسته نشده، یا بازوی در یا کنتاکت خراب است.',
      ar: 'بقي باب مفتوحًا مدة تفوق بكثير وقت المرور: أُبقي مفتوحًا لتسليم أو لعمل، أو لم يُغلق جيدًا، أو أن مُغلق الباب أو الملامس معطّل.',
    },
    consequence: {
      en: 'Anyone can walk in without a badge while it stays open, and nobody entering is recorded.',
      fr: 'N’importe qui peut entrer sans badge tant qu’elle reste ouverte, et aucune entrée n’est enregistrée.',
      fa: 'تا وقتی باز است هر کسی بدون کارت می‌تواند وارد شود و هیچ ورودی ثبت نمی‌شود.',
      ar: 'يمكن لأي شخص الدخول دون بطاقة ما دام مفتوحًا، ولا يُسجَّل أي دخول.',
    },
    action: {
      en: 'Check on the cameras who is at the door; ask the crew on site to close it, or send someone. If it cannot close, have the closer or the contact repaired.',
      fr: 'Vérifier sur les caméras qui est à la porte ; demander à l’équipe sur site de la fermer, ou envoyer quelqu’un. Si elle ne ferme pas, faire réparer le ferme-porte ou le contact.',
      fa: 'در دوربین‌ها ببینید چه کسی کنار در است؛ از گروه حاضر در نیروگاه بخواهید آن را ببندد یا کسی را بفرستید. اگر بسته نمی‌شود، بازوی در یا کنتاکت را تعمیر کنید.',
      ar: 'تحقّق عبر الكاميرات ممن عند الباب؛ واطلب من الفريق في الموقع إغلاقه أو أرسل أحدًا. وإن تعذّر إغلاقه فاطلب إصلاح المُغلق أو الملامس.',
    },
    responseMinutes: 15,
  },
  'Access denied': {
    cause: {
      en: 'A reader refused a badge: unknown, expired or revoked, shown outside its schedule or at a door it does not open.',
      fr: 'Un lecteur a refusé un badge : inconnu, expiré ou révoqué, présenté hors de ses horaires ou à une porte qu’il n’ouvre pas.',
      fa: 'کارت‌خوانی یک کارت را رد کرد: ناشناس، منقضی یا باطل‌شده، خارج از برنامهٔ زمانی آن یا در دری که اجازهٔ باز کردنش را ندارد.',
      ar: 'رفض قارئ بطاقة: مجهولة أو منتهية أو ملغاة، أو قُدّمت خارج جدولها أو عند باب لا تفتحه.',
    },
    consequence: {
      en: 'Usually a worker kept out by an out-of-date badge; repeated refusals may be someone trying badges to get in.',
      fr: 'Le plus souvent un intervenant bloqué par un badge périmé ; des refus répétés peuvent signaler quelqu’un qui essaie des badges pour entrer.',
      fa: 'معمولًا کارگری است که کارتش به‌روز نیست و پشت در مانده؛ ردهای پیاپی ممکن است نشان دهد کسی با امتحان کارت‌ها می‌خواهد وارد شود.',
      ar: 'غالبًا عامل منعته بطاقة غير محدّثة؛ أما الرفض المتكرر فقد يعني أن أحدهم يجرّب بطاقات ليدخل.',
    },
    action: {
      en: 'Open the access log: see the badge, the person and the reason. Call the crew lead or the contractor to renew a badge; if the badge is unknown or the refusals repeat, check the cameras.',
      fr: 'Ouvrir le journal d’accès : voir le badge, la personne et le motif. Appeler le chef d’équipe ou l’entreprise pour renouveler un badge ; si le badge est inconnu ou si les refus se répètent, regarder les caméras.',
      fa: 'گزارش ورود را باز کنید: کارت، شخص و دلیل را ببینید. برای تمدید کارت با سرپرست گروه یا پیمانکار تماس بگیرید؛ اگر کارت ناشناس است یا ردها تکرار می‌شود، دوربین‌ها را ببینید.',
      ar: 'افتح سجل الدخول: اطّلع على البطاقة والشخص والسبب. اتصل برئيس الفريق أو بالمقاول لتجديد البطاقة؛ وإن كانت البطاقة مجهولة أو تكرّر الرفض فراجع الكاميرات.',
    },
    responseMinutes: 30,
  },
};

/** A rule's rationale by its name; a rule of another name has none written yet. */
export const rationaleOf = (name: string): Rationale => defaultRationale[name] ?? noRationale;

/** The default rules with their rationale, as a new hub seeds them. */
export const seededRules: SeededRule[] = defaultRules.map((rule) => ({ ...rule, ...rationaleOf(rule.name) }));
