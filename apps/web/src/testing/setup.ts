import '@testing-library/jest-dom/vitest';
import { cleanNotifications } from '@mantine/notifications';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { clearXsrfCookie } from './xsrf-cookie';

// Mantine reads browser APIs that jsdom does not implement.
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
Element.prototype.scrollIntoView = () => {};

afterEach(() => {
  // Without Vitest globals, Testing Library cannot register its own cleanup.
  cleanup();
  cleanNotifications();
  vi.unstubAllGlobals();
  localStorage.clear();
  sessionStorage.clear();
  clearXsrfCookie();
  delete window.settleConfig;
});
