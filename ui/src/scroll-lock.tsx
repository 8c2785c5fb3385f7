// The page-wide scroll lock of open overlays.

const LOCK_ATTR = 'data-scroll-locks';

/** Page-wide scroll lock, counted on <body> so nested overlays from different bundles cooperate. */
export function lockScroll(doc: Document = document): () => void {
  const body = doc.body;
  const count = Number(body.getAttribute(LOCK_ATTR) ?? '0');
  if (count === 0) {
    const scrollbar = (doc.defaultView?.innerWidth ?? 0) - doc.documentElement.clientWidth;
    body.dataset.scrollLockOverflow = body.style.overflow;
    body.dataset.scrollLockPadding = body.style.paddingRight;
    body.style.overflow = 'hidden';
    if (scrollbar > 0) body.style.paddingRight = `${scrollbar}px`;
  }
  body.setAttribute(LOCK_ATTR, String(count + 1));
  let released = false;
  return () => {
    if (released) return;
    released = true;
    const now = Number(body.getAttribute(LOCK_ATTR) ?? '1') - 1;
    if (now > 0) {
      body.setAttribute(LOCK_ATTR, String(now));
      return;
    }
    body.removeAttribute(LOCK_ATTR);
    body.style.overflow = body.dataset.scrollLockOverflow ?? '';
    body.style.paddingRight = body.dataset.scrollLockPadding ?? '';
    delete body.dataset.scrollLockOverflow;
    delete body.dataset.scrollLockPadding;
  };
}
