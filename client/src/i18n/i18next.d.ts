// Keys are typed from the English JSON: a missing or misspelt key fails `npm run typecheck`.
// locales.test.ts keeps the other languages in step with English.
import 'i18next';
import type accessLog from './locales/en/accessLog.json';
import type account from './locales/en/account.json';
import type alarmDetail from './locales/en/alarmDetail.json';
import type alarmRules from './locales/en/alarmRules.json';
import type alarms from './locales/en/alarms.json';
import type analysis from './locales/en/analysis.json';
import type audit from './locales/en/audit.json';
import type auth from './locales/en/auth.json';
import type cctv from './locales/en/cctv.json';
import type charts from './locales/en/charts.json';
import type common from './locales/en/common.json';
import type dashboards from './locales/en/dashboards.json';
import type device from './locales/en/device.json';
import type devices from './locales/en/devices.json';
import type devicesAdmin from './locales/en/devicesAdmin.json';
import type devicesStatus from './locales/en/devicesStatus.json';
import type displays from './locales/en/displays.json';
import type events from './locales/en/events.json';
import type fleet from './locales/en/fleet.json';
import type kiosk from './locales/en/kiosk.json';
import type mfa from './locales/en/mfa.json';
import type motion from './locales/en/motion.json';
import type overview from './locales/en/overview.json';
import type realtime from './locales/en/realtime.json';
import type rolesAdmin from './locales/en/rolesAdmin.json';
import type shell from './locales/en/shell.json';
import type sld from './locales/en/sld.json';
import type sldEditor from './locales/en/sldEditor.json';
import type usersAdmin from './locales/en/usersAdmin.json';
import type validation from './locales/en/validation.json';
import type wind from './locales/en/wind.json';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    // No key has a context variant; with the default `_`, keys such as `combiner_box` would read as one.
    contextSeparator: '#';
    resources: {
      common: typeof common;
      shell: typeof shell;
      auth: typeof auth;
      account: typeof account;
      dashboards: typeof dashboards;
      fleet: typeof fleet;
      realtime: typeof realtime;
      overview: typeof overview;
      wind: typeof wind;
      charts: typeof charts;
      analysis: typeof analysis;
      alarms: typeof alarms;
      events: typeof events;
      alarmRules: typeof alarmRules;
      alarmDetail: typeof alarmDetail;
      validation: typeof validation;
      devices: typeof devices;
      kiosk: typeof kiosk;
      displays: typeof displays;
      devicesStatus: typeof devicesStatus;
      device: typeof device;
      devicesAdmin: typeof devicesAdmin;
      sldEditor: typeof sldEditor;
      sld: typeof sld;
      usersAdmin: typeof usersAdmin;
      rolesAdmin: typeof rolesAdmin;
      audit: typeof audit;
      mfa: typeof mfa;
      cctv: typeof cctv;
      motion: typeof motion;
      accessLog: typeof accessLog;
    };
  }
}
