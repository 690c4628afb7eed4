/// <reference types="vite-plugin-pwa/vanillajs" />
// Registers the service worker built by vite-plugin-pwa (production builds only). A waiting new version is announced
// through UPDATE_READY_EVENT and applied only when the user presses "Reload to update".
import { registerSW } from 'virtual:pwa-register';
import { UPDATE_READY_EVENT, type UpdateReadyDetail } from './update-banner.ts';

export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const update = registerSW({
    immediate: true,
    onNeedRefresh() {
      const detail: UpdateReadyDetail = { apply: () => void update(true) };
      window.dispatchEvent(new CustomEvent(UPDATE_READY_EVENT, { detail }));
    },
  });
}
