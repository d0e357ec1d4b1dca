import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// A screen's first find waits for its lazily loaded chunk, which on a busy shared machine (CI runs beside other
// work) takes longer than Testing Library's 1 s default; waiting longer never lets a wrong screen pass.
configure({ asyncUtilTimeout: 5_000 });

// jsdom lacks the layout APIs Mantine reads on mount; these inert stubs keep components rendering.
if (!window.matchMedia) {
  window.matchMedia = (query: string): MediaQueryList => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  });
}

class ResizeObserverStub {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}
if (typeof window.ResizeObserver === 'undefined') {
  window.ResizeObserver = ResizeObserverStub;
}

// Combobox and ScrollArea scroll options into view; jsdom has no layout to scroll.
if (!Element.prototype.scrollIntoView) {
  Element.prototype.scrollIntoView = () => {};
}

// Vitest runs without globals, so Testing Library cannot register its own cleanup. The notifications store
// is module state and would otherwise carry one test's toasts into the next.
afterEach(() => {
  cleanup();
  notifications.clean();
  localStorage.clear();
});
