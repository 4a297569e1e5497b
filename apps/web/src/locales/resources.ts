import { errorCatalogue, errorCodes, messages, type ErrorCode, type Language } from '@tutoria/shared';
import enAuth from './en/auth.json';
import enCommon from './en/common.json';
import enLanding from './en/landing.json';
import enPanel from './en/panel.json';
import enUsers from './en/users.json';
import zhAuth from './zh/auth.json';
import zhCommon from './zh/common.json';
import zhLanding from './zh/landing.json';
import zhPanel from './zh/panel.json';
import zhUsers from './zh/users.json';

const en = { common: enCommon, landing: enLanding, auth: enAuth, users: enUsers, panel: enPanel };
// Checked both ways so neither language can miss or add a key.
const zh = {
  common: zhCommon,
  landing: zhLanding,
  auth: zhAuth,
  users: zhUsers,
  panel: zhPanel,
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
