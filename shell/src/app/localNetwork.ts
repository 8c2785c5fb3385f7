/**
 * A developer override on a local dev server (`?mf-override.catalog=http://localhost:3001/...`)
 * inside the hosted store: Chromium's Local Network Access blocks a public https page from
 * fetching localhost or a private address until the developer allows "Local network access" for
 * the site, and the failure is a bare "Failed to fetch". These say what happened and how to allow it.
 */

/** Whether a URL's host is this machine or a private network (where Chromium asks before a public page may fetch). */
export function isLocalAddress(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (host === 'localhost' || host.endsWith('.localhost') || host.endsWith('.local') || host === '::1' || host === '0.0.0.0') return true;
  if (/^(fc|fd)[0-9a-f]{2}:/.test(host) || host.startsWith('fe80:')) return true;
  const v4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host)?.slice(1).map(Number);
  if (!v4) return false;
  const [a, b] = v4 as [number, number];
  return a === 127 || a === 10 || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168) || (a === 169 && b === 254);
}

/** A network-level failure (the request never got an answer), as fetch and the federation runtime report it. */
const NETWORK_FAILURE = /failed to fetch|networkerror|load failed|network request failed|err_blocked|local network|loopback|address space|private network|RUNTIME-003|Failed to get manifest/i;

/**
 * Whether a failed load of an override's manifest looks like Chromium's Local Network Access
 * block: the page is on a public origin, the manifest on this machine or a private address, and the
 * load failed without an answer.
 */
export function blockedByLocalNetworkAccess(pageUrl: string, manifest: string, error: unknown): boolean {
  let page: URL;
  let target: URL;
  try {
    page = new URL(pageUrl);
    target = new URL(manifest, pageUrl);
  } catch {
    return false;
  }
  if (isLocalAddress(page) || !isLocalAddress(target)) return false;
  const text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return NETWORK_FAILURE.test(text);
}

/** The developer's instructions, as lines: the first says what happened, the rest how to allow it. */
export function localNetworkHelp(remote: string, manifest: string, pageUrl: string): string[] {
  const site = new URL(pageUrl).origin;
  const dev = new URL(manifest, pageUrl).origin;
  return [
    `Your local ${remote} build (${manifest}) could not be loaded: the browser blocked ${site} from reaching ${dev} (Local Network Access).`,
    `Allow it: click the site controls left of the address bar (the tune icon), turn on "Local network access" for ${site}, then reload the page. Or open chrome://settings/content/localNetworkAccess and add ${site} under "Allowed".`,
    `Still failing once allowed? Check that the dev server runs (npm run dev -w <remote>) and that ${manifest} opens in a tab.`,
  ];
}

/** In place of the remote: what blocked the developer's local build, how to allow it, and Try again. */
export function renderLocalNetworkHelp(container: HTMLElement, remote: string, manifest: string, pageUrl: string, onRetry: () => void): void {
  container.replaceChildren();
  const section = document.createElement('section');
  section.className = 'remote-fallback';
  section.setAttribute('role', 'alert');
  section.dataset.remoteFallback = remote;
  section.dataset.localNetworkBlocked = '';
  const heading = document.createElement('h2');
  heading.textContent = 'Allow local network access to see your local build';
  const [what, ...how] = localNetworkHelp(remote, manifest, pageUrl);
  const text = document.createElement('p');
  text.textContent = what!;
  const list = document.createElement('ul');
  for (const line of how) {
    const item = document.createElement('li');
    item.textContent = line;
    list.append(item);
  }
  const button = document.createElement('button');
  button.type = 'button';
  button.textContent = 'Try again';
  button.addEventListener('click', onRetry);
  section.append(heading, text, list, button);
  container.append(section);
}
