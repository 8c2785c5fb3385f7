import type { OverrideDecision } from './registry';

/** A visible banner while any developer override is active (plain DOM: no framework in the root config). */
export function showOverrideBanner(overrides: OverrideDecision[], onClear: () => void): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'mf-override-banner';
  banner.setAttribute('role', 'status');
  banner.dataset.testid = 'override-banner';
  const text = document.createElement('span');
  text.textContent = `Developer override active: ${overrides.map((o) => `${o.name} → ${o.manifest}`).join(', ')}`;
  // overrides expire (8 hours after they were set): say when the first one does
  const expiresAt = Math.min(...overrides.map((o) => o.expiresAt ?? Infinity));
  if (Number.isFinite(expiresAt)) {
    const until = new Date(expiresAt);
    const time = document.createElement('time');
    time.dateTime = until.toISOString();
    time.textContent = until.toLocaleString(undefined, { weekday: 'short', hour: 'numeric', minute: '2-digit' });
    text.append(' (expires ', time, ')');
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Clear overrides';
  button.addEventListener('click', onClear);
  banner.append(text, button);
  document.body.append(banner);
  return banner;
}
