import type { OverrideDecision } from './registry';

/** A visible banner while any developer override is active (plain DOM: no framework in the root config). */
export function showOverrideBanner(overrides: OverrideDecision[], onClear: () => void): HTMLElement {
  const banner = document.createElement('div');
  banner.className = 'mf-override-banner';
  banner.setAttribute('role', 'status');
  banner.dataset.testid = 'override-banner';
  const text = document.createElement('span');
  text.textContent = `Developer override active: ${overrides.map((o) => `${o.name} → ${o.manifest}`).join(', ')}`;
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Clear overrides';
  button.addEventListener('click', onClear);
  banner.append(text, button);
  document.body.append(banner);
  return banner;
}
