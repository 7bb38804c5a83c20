// The rules a new hub starts with, per device type: what an operator of a solar or wind fleet expects
// to be told about. Admins change them (API); a device may override its type's rule of the same name.
// Shared so that the client's tests draft from the very rules a hub serves.
import type { AlarmRule } from './alarms.ts';

/** A rule's definition; its rationale (cause, consequence, action, response time) is in alarmRationale.ts. */
export type NewRule = Omit<
  AlarmRule,
  'id' | 'deviceId' | 'enabled' | 'cause' | 'consequence' | 'action' | 'responseMinutes'
>;

const NO_DATA = {
  en: '{device}: no data for {threshold} s',
  fr: '{device} : aucune donnée depuis {threshold} s',
  fa: '{device}: {threshold} ثانیه بدون داده',
  ar: '{device}: لا بيانات منذ {threshold} ث',
};

const base = { deadband: 0, onDelayMs: 0, offDelayMs: 0, consequentialOfGrid: false, gridRoot: false };

/** A device type's rule for silence: no data for 30 s (medium, and consequential of a grid loss unless `over` says). */
const commLost = (name: string, deviceType: NewRule['deviceType'], over: Partial<NewRule> = {}): NewRule => ({
  ...base,
  name,
  deviceType,
  seriesKey: null,
  kind: 'comm_loss',
  threshold: 30,
  priority: 'medium',
  consequentialOfGrid: true,
  message: NO_DATA,
  ...over,
});

/**
 * A device type's rule for its fault code: any code but 0 (high, and consequential of a grid loss). Its
 * message has `{fault}` (the code decoded for the device's model, with the code) and `{lost}` (the power
 * lost, estimated from the device's healthy peers: server/src/alarms/engine.ts).
 */
const faultCode = (name: string, deviceType: NewRule['deviceType'], message: NewRule['message']): NewRule => ({
  ...base,
  name,
  deviceType,
  seriesKey: 'fault_code',
  kind: 'fault_code',
  threshold: 0,
  priority: 'high',
  consequentialOfGrid: true,
  message,
});

export const defaultRules: NewRule[] = [
  {
    ...base,
    name: 'Main breaker open',
    deviceType: 'breaker',
    seriesKey: 'position',
    kind: 'low',
    threshold: 0.5,
    deadband: 0,
    onDelayMs: 2000,
    priority: 'critical',
    gridRoot: true,
    message: {
      en: '{device}: breaker open, the site is cut off from the grid',
      fr: '{device} : disjoncteur ouvert, le site est coupé du réseau',
      fa: '{device}: کلید باز است، نیروگاه از شبکه جدا شده است',
      ar: '{device}: القاطع مفتوح، الموقع مفصول عن الشبكة',
    },
  },
  {
    ...base,
    name: 'Grid voltage lost',
    deviceType: 'meter',
    seriesKey: 'grid_voltage',
    kind: 'low',
    threshold: 1,
    deadband: 0.5,
    onDelayMs: 2000,
    offDelayMs: 5000,
    priority: 'critical',
    gridRoot: true,
    message: {
      en: '{device}: no grid voltage ({value} {unit})',
      fr: '{device} : plus de tension réseau ({value} {unit})',
      fa: '{device}: ولتاژ شبکه قطع است ({value} {unit})',
      ar: '{device}: انقطاع جهد الشبكة ({value} {unit})',
    },
  },
  {
    ...base,
    name: 'Inverter over-temperature',
    deviceType: 'inverter',
    seriesKey: 'temperature',
    kind: 'high',
    threshold: 75,
    deadband: 3,
    onDelayMs: 10_000,
    offDelayMs: 30_000,
    priority: 'high',
    message: {
      en: '{device}: temperature {value} {unit} above {threshold} {unit}',
      fr: '{device} : température {value} {unit} au-dessus de {threshold} {unit}',
      fa: '{device}: دما {value} {unit} بالاتر از {threshold} {unit}',
      ar: '{device}: الحرارة {value} {unit} فوق {threshold} {unit}',
    },
  },
  faultCode('Inverter fault', 'inverter', {
    en: '{device}: {fault}, {lost} lost',
    fr: '{device} : {fault}, {lost} perdus',
    fa: '{device}: {fault}، {lost} از دست رفته',
    ar: '{device}: {fault}، فقدان {lost}',
  }),
  commLost('Inverter communication lost', 'inverter'),
  faultCode('Turbine fault', 'wind_turbine', {
    en: '{device}: {fault}, {lost} lost',
    fr: '{device} : {fault}, {lost} perdus',
    fa: '{device}: {fault}، {lost} از دست رفته',
    ar: '{device}: {fault}، فقدان {lost}',
  }),
  {
    ...base,
    name: 'Nacelle over-temperature',
    deviceType: 'wind_turbine',
    seriesKey: 'nacelle_temperature',
    kind: 'high',
    threshold: 80,
    deadband: 3,
    onDelayMs: 10_000,
    offDelayMs: 30_000,
    priority: 'high',
    message: {
      en: '{device}: nacelle at {value} {unit}, above {threshold} {unit}',
      fr: '{device} : nacelle à {value} {unit}, au-dessus de {threshold} {unit}',
      fa: '{device}: ناسل {value} {unit}، بالاتر از {threshold} {unit}',
      ar: '{device}: الناسل {value} {unit}، فوق {threshold} {unit}',
    },
  },
  commLost('Turbine communication lost', 'wind_turbine'),
  {
    ...base,
    name: 'Transformer oil temperature',
    deviceType: 'transformer',
    seriesKey: 'oil_temperature',
    kind: 'high',
    threshold: 90,
    deadband: 5,
    onDelayMs: 30_000,
    offDelayMs: 60_000,
    priority: 'high',
    message: {
      en: '{device}: oil at {value} {unit}, above {threshold} {unit}',
      fr: '{device} : huile à {value} {unit}, au-dessus de {threshold} {unit}',
      fa: '{device}: روغن {value} {unit}، بالاتر از {threshold} {unit}',
      ar: '{device}: الزيت {value} {unit}، فوق {threshold} {unit}',
    },
  },
  {
    ...base,
    name: 'Transformer overload',
    deviceType: 'transformer',
    seriesKey: 'load',
    kind: 'high',
    threshold: 110,
    deadband: 5,
    onDelayMs: 60_000,
    offDelayMs: 60_000,
    priority: 'medium',
    message: {
      en: '{device}: load {value} {unit}, above {threshold} {unit}',
      fr: '{device} : charge {value} {unit}, au-dessus de {threshold} {unit}',
      fa: '{device}: بار {value} {unit}، بالاتر از {threshold} {unit}',
      ar: '{device}: الحمل {value} {unit}، فوق {threshold} {unit}',
    },
  },
  commLost('Weather station communication lost', 'weather_station', {
    threshold: 60,
    priority: 'low',
    consequentialOfGrid: false,
  }),
  // Motion trace: somebody or something moving within a motion sensor's zone (a fence line, the gate).
  {
    ...base,
    name: 'Motion in a zone',
    deviceType: 'motion_sensor',
    seriesKey: 'motion',
    kind: 'high',
    threshold: 0.5,
    onDelayMs: 2000,
    offDelayMs: 30_000,
    priority: 'high',
    message: {
      en: '{device}: motion in its zone',
      fr: '{device} : mouvement dans sa zone',
      fa: '{device}: حرکت در محدوده',
      ar: '{device}: حركة في نطاقه',
    },
  },
  // The site access log's rules (door readers, server/src/access): a forced door, a door held open, denials.
  {
    ...base,
    name: 'Door forced open',
    deviceType: 'door_reader',
    seriesKey: 'door_forced',
    kind: 'high',
    threshold: 0.5,
    priority: 'high',
    message: {
      en: '{device}: door forced open',
      fr: '{device} : porte forcée',
      fa: '{device}: در به زور باز شد',
      ar: '{device}: فُتح الباب عنوةً',
    },
  },
  {
    ...base,
    name: 'Door held open',
    deviceType: 'door_reader',
    seriesKey: 'door_held_open',
    kind: 'high',
    threshold: 0.5,
    priority: 'medium',
    message: {
      en: '{device}: door held open',
      fr: '{device} : porte maintenue ouverte',
      fa: '{device}: در باز نگه داشته شده است',
      ar: '{device}: الباب مُبقى مفتوحًا',
    },
  },
  {
    ...base,
    name: 'Access denied',
    deviceType: 'door_reader',
    seriesKey: 'access_denied',
    kind: 'high',
    threshold: 0.5,
    priority: 'low',
    message: {
      en: '{device}: access denied ({value} in 5 min)',
      fr: '{device} : accès refusé ({value} en 5 min)',
      fa: '{device}: ورود رد شد ({value} در پنج دقیقه)',
      ar: '{device}: رُفض الدخول ({value} خلال 5 دقائق)',
    },
  },
];
