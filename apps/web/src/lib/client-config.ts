import { systemRoutes, type ClientConfig } from '@tutoria/shared';

export const API_ROOT = '/api/v1/';

let current: ClientConfig | undefined;

/**
 * Loads the start-up settings (signing application, centre, defaults) before any signed call.
 * index.html preloads this URL, so the request and its header must stay as they are for the
 * browser to use the preloaded answer.
 */
export async function loadClientConfig(): Promise<ClientConfig> {
  const response = await fetch(API_ROOT + systemRoutes.clientConfig.path, {
    headers: { Accept: 'application/json' },
  });
  if (!response.ok) throw new Error(`Client config answered HTTP ${response.status}`);
  current = (await response.json()) as ClientConfig;
  return current;
}

/** The settings a page is drawn with outside the browser: the sign-in page pre-rendered at build time. */
export function setClientConfig(config: ClientConfig): void {
  current = config;
}

/** The settings when start-up has loaded them (code that also runs before, or in unit tests). */
export function peekClientConfig(): ClientConfig | undefined {
  return current;
}

export function getClientConfig(): ClientConfig {
  if (!current) throw new Error('The client config is read before start-up loaded it');
  return current;
}
