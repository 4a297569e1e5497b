import { cleanup } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeAll } from 'vitest';
import { initI18n } from '@/lib/i18n';

// What jsdom lacks and Mantine reads: media queries, element resizing and scrolling.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  }),
});
Element.prototype.scrollTo = () => undefined;
window.ResizeObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
};

beforeAll(async () => {
  if (!i18next.isInitialized) await initI18n('en', 'all');
});

afterEach(async () => {
  cleanup();
  localStorage.clear();
  await i18next.changeLanguage('en');
});
