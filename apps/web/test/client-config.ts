import type { ClientConfig } from '@tutoria/shared';

/** The start-up settings as the server answers them, for a centre named `centreName`. */
export function testClientConfig(centreName = 'Harbour Learning'): ClientConfig {
  return {
    appName: 'Tutoria',
    applicationId: 'web',
    applicationSecret: 'secret',
    defaultLanguage: 'en',
    timeZone: 'UTC',
    timeZoneOffsets: { changes: [], until: 0 },
    currency: 'CNY',
    maxUploadBytes: 1,
    centre: { name: centreName, address: '', phone: '', email: '', hours: '' },
  };
}
