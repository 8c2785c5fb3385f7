/**
 * Developer panel (docs/deploying.md): the remotes with their live versions and overrides, and
 * the shared modules in use with the version and the build that provided them. Opens with
 * Alt+Shift+D or the query flag `?store-dev=1` (bootstrap.ts); no UI framework, loaded only when asked for.
 */
export interface DevPanelRemote {
  name: string;
  version: string;
  manifest: string;
  status: string;
  override: boolean;
  service: boolean;
}

export interface DevPanelShared {
  name: string;
  version: string;
  from: string;
  loaded: boolean;
  usedBy: string[];
}

export interface DevPanelData {
  shellVersion: string;
  remotes: DevPanelRemote[];
  shared: DevPanelShared[];
}

/** Shape of the federation runtime's share scope map (scope -> package -> version -> info). */
export type ShareScopeMap = Record<string, Record<string, Record<string, { from?: string; loaded?: boolean; useIn?: string[] }>>>;

/** Shared modules in use: per package, the versions present in the page's share scope. */
export function sharedInUse(map: ShareScopeMap): DevPanelShared[] {
  const rows: DevPanelShared[] = [];
  for (const packages of Object.values(map)) {
    for (const [name, versions] of Object.entries(packages)) {
      for (const [version, info] of Object.entries(versions)) {
        rows.push({ name, version, from: info.from ?? '?', loaded: Boolean(info.loaded), usedBy: [...new Set(info.useIn ?? [])].sort() });
      }
    }
  }
  return rows.sort((a, b) => (a.name === b.name ? a.version.localeCompare(b.version) : a.name.localeCompare(b.name)));
}

const PANEL_ID = 'store-dev-panel';

function cell(row: HTMLTableRowElement, text: string, header = false): void {
  const element = document.createElement(header ? 'th' : 'td');
  element.textContent = text;
  if (header) element.scope = 'col';
  row.append(element);
}

function table(caption: string, headings: string[], rows: string[][]): HTMLTableElement {
  const element = document.createElement('table');
  element.createCaption().textContent = caption;
  const head = element.createTHead().insertRow();
  for (const heading of headings) cell(head, heading, true);
  const body = element.createTBody();
  for (const values of rows) {
    const row = body.insertRow();
    for (const value of values) cell(row, value);
  }
  return element;
}

export function renderDevPanel(data: DevPanelData, onClose: () => void): HTMLElement {
  document.getElementById(PANEL_ID)?.remove();
  const panel = document.createElement('aside');
  panel.id = PANEL_ID;
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-label', 'Store developer panel');
  panel.tabIndex = -1;
  panel.style.cssText =
    'position:fixed;right:12px;bottom:12px;z-index:2147483000;max-width:min(720px,calc(100vw - 24px));max-height:70vh;overflow:auto;' +
    'background:#fff;color:#1d1d1b;border:2px solid #1d1d1b;border-radius:6px;padding:12px 14px;font:13px/1.4 ui-monospace,Menlo,Consolas,monospace;box-shadow:0 8px 24px rgba(0,0,0,.2)';
  const heading = document.createElement('h2');
  heading.textContent = `Store developer panel (shell ${data.shellVersion})`;
  heading.style.cssText = 'font-size:14px;margin:0 0 8px';
  const close = document.createElement('button');
  close.type = 'button';
  close.textContent = 'Close';
  close.style.cssText = 'float:right;font:inherit';
  close.addEventListener('click', onClose);
  panel.append(close, heading);
  panel.append(
    table(
      'Remotes',
      ['remote', 'version', 'status', 'source', 'manifest'],
      data.remotes.map((r) => [r.name + (r.service ? ' (service)' : ''), r.version, r.status, r.override ? 'OVERRIDE' : 'registry', r.manifest]),
    ),
  );
  panel.append(
    table(
      'Shared modules',
      ['package', 'version', 'provided by', 'loaded', 'used by'],
      data.shared.map((s) => [s.name, s.version, s.from, s.loaded ? 'yes' : 'no', s.usedBy.join(', ') || '-']),
    ),
  );
  for (const t of panel.querySelectorAll('table')) t.style.cssText = 'border-collapse:collapse;margin:8px 0;width:100%;text-align:left';
  for (const c of panel.querySelectorAll('th,td')) (c as HTMLElement).style.cssText = 'border-bottom:1px solid #ddd;padding:2px 8px 2px 0;vertical-align:top;word-break:break-all';
  panel.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') onClose();
  });
  document.body.append(panel);
  panel.focus();
  return panel;
}

let previousFocus: HTMLElement | null = null;

function closeDevPanel(): void {
  document.getElementById(PANEL_ID)?.remove();
  previousFocus?.focus();
  previousFocus = null;
}

/** Opens the panel with fresh data, or closes it when open (Alt+Shift+D, see bootstrap.ts). */
export function toggleDevPanel(collect: () => DevPanelData): void {
  if (document.getElementById(PANEL_ID)) {
    closeDevPanel();
    return;
  }
  previousFocus = document.activeElement as HTMLElement | null;
  renderDevPanel(collect(), closeDevPanel);
}
