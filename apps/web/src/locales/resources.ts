import { errorCatalogue, errorCodes, messages, type ErrorCode, type Language } from '@tutoria/shared';
import enAuth from './en/auth.json';
import enClasses from './en/classes.json';
import enCommon from './en/common.json';
import enDashboard from './en/dashboard.json';
import enLanding from './en/landing.json';
import enLessons from './en/lessons.json';
import enPanel from './en/panel.json';
import enSchedule from './en/schedule.json';
import enUsers from './en/users.json';
import zhAuth from './zh/auth.json';
import zhClasses from './zh/classes.json';
import zhCommon from './zh/common.json';
import zhDashboard from './zh/dashboard.json';
import zhLanding from './zh/landing.json';
import zhLessons from './zh/lessons.json';
import zhPanel from './zh/panel.json';
import zhSchedule from './zh/schedule.json';
import zhUsers from './zh/users.json';
// academic records (issue 10)
import enAcademic from './en/academic.json';
import zhAcademic from './zh/academic.json';

const en = {
  common: enCommon,
  landing: enLanding,
  auth: enAuth,
  users: enUsers,
  dashboard: enDashboard,
  panel: enPanel,
  lessons: enLessons,
  schedule: enSchedule,
  classes: enClasses,
  academic: enAcademic,
};
// Checked both ways so neither language can miss or add a key.
const zh = {
  common: zhCommon,
  landing: zhLanding,
  auth: zhAuth,
  users: zhUsers,
  dashboard: zhDashboard,
  panel: zhPanel,
  lessons: zhLessons,
  schedule: zhSchedule,
  classes: zhClasses,
  academic: zhAcademic,
} satisfies typeof en;

function errorTexts(language: Language): Record<ErrorCode, string> {
  return Object.fromEntries(errorCodes.map((code) => [code, errorCatalogue[code][language]])) as Record<
    ErrorCode,
    string
  >;
}

/** The locale files plus the shared validation texts and error catalogue, so browser and server say the same. */
export const resources = {
  en: { ...(en satisfies typeof zh), messages: messages.en, errors: errorTexts('en') },
  zh: { ...zh, messages: messages.zh, errors: errorTexts('zh') },
};

export const namespaces = Object.keys(resources.en) as (keyof typeof resources.en)[];
