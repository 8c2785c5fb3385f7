import { keyframes } from '@emotion/react';
import { useEffect, useRef, useState, type FocusEvent, type KeyboardEvent, type MouseEvent } from 'react';
import { classifyLink, SmartLink } from '@store/ui/link';
import { useLocation } from 'react-router';
import { LINK_RULES } from '../../lib/config/site';
import type { NavItem } from './nav';

// A dropdown's pictures (and the responsive image code) load when a dropdown first opens.
type NavImageModule = typeof import('./navImage');
let navImageModule: NavImageModule | null = null;

function useNavImageModule(wanted: boolean): NavImageModule | null {
  const [module, setModule] = useState<NavImageModule | null>(navImageModule);
  useEffect(() => {
    if (!wanted || module) return undefined;
    let live = true;
    void import(/* webpackChunkName: "nav-image" */ './navImage').then(
      (loaded) => {
        navImageModule = loaded;
        if (live) setModule(loaded);
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return module ?? navImageModule;
}

/** Dropdown fade. */
export const NAV_DROPDOWN_FADE_MS = 100;

const fade = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

const linkStyle = {
  textDecoration: 'none',
  fontSize: 15,
  display: 'inline-block',
  padding: '20px 0 18px',
  borderBottom: '2px solid transparent',
  '&.active, &[aria-expanded="true"]': { borderColor: 'var(--clay)' },
  '&:hover': { borderColor: 'var(--line)' },
} as const;

/**
 * Desktop main navigation: one item expanded at a time; expands on mouse enter, touch or
 * Enter on its link; collapses on mouse leave, focus leaving, Escape (focus back to the parent
 * link) and a click on a link inside; a click on an expandable parent link does not navigate but
 * collapses; the dropdown fades in over 100 ms.
 */
export function MainNav({ items }: { items: NavItem[] }) {
  const [expanded, setExpanded] = useState<number | null>(null);
  const parents = useRef<(HTMLAnchorElement | null)[]>([]);
  /** The current pointer is a touch (set on pointerdown); whether its item was open then. */
  const touched = useRef<{ wasOpen: boolean } | null>(null);
  const location = useLocation();

  // a navigation (from anywhere) collapses the dropdown
  const [shownPath, setShownPath] = useState(location.pathname);
  if (shownPath !== location.pathname) {
    setShownPath(location.pathname);
    setExpanded(null);
  }

  // a dropdown's links and pictures are rendered once it has been open (the server's HTML has the
  // top-level links only): a page's HTML, which every phone downloads, does not carry menus that
  // only a pointer or keyboard on a wide screen opens, and stays within the first round trip
  const [opened, setOpened] = useState<ReadonlySet<number>>(() => new Set());
  if (expanded !== null && !opened.has(expanded)) setOpened(new Set(opened).add(expanded));
  const images = useNavImageModule(opened.size > 0);

  const collapse = () => setExpanded(null);

  return (
    <nav aria-label="Main" css={{ flex: 1, alignSelf: 'stretch', '@media (max-width: 1023px)': { display: 'none' } }}>
      <ul css={{ listStyle: 'none', display: 'flex', gap: '1.25rem', margin: 0, padding: 0, height: '100%', alignItems: 'stretch' }}>
        {items.map((item, index) => {
          const expandable = item.children.length > 0;
          const open = expanded === index;
          const dropdownId = `main-nav-dropdown-${index}`;
          const active = location.pathname === item.link.href || location.pathname.startsWith(`${item.link.href}/`);
          if (!expandable) {
            return (
              <li key={item.link.href + item.link.label} css={{ display: 'flex', alignItems: 'center' }} onMouseEnter={collapse}>
                <SmartLink rules={LINK_RULES} href={item.link.href} className={active ? 'active' : undefined} aria-current={location.pathname === item.link.href ? 'page' : undefined} css={linkStyle}>
                  {item.link.label}
                </SmartLink>
              </li>
            );
          }
          const onParentTouchStart = () => {
            touched.current = { wasOpen: open };
          };
          const onParentClick = (event: MouseEvent) => {
            // never navigates: a touch expands (or collapses an open one), a mouse click collapses
            event.preventDefault();
            const touch = touched.current;
            touched.current = null;
            if (touch) setExpanded(touch.wasOpen ? null : index);
            else collapse();
          };
          const onParentKeyDown = (event: KeyboardEvent) => {
            if (event.key === 'Enter' || event.key === ' ') {
              event.preventDefault();
              setExpanded(open ? null : index);
            } else if (event.key === 'ArrowDown' && open) {
              event.preventDefault();
              document.getElementById(dropdownId)?.querySelector<HTMLElement>('a[href]')?.focus();
            }
          };
          const onItemKeyDown = (event: KeyboardEvent) => {
            if (event.key === 'Escape' && open) {
              event.preventDefault();
              collapse();
              parents.current[index]?.focus();
            }
          };
          const onItemBlur = (event: FocusEvent<HTMLLIElement>) => {
            if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setExpanded((current) => (current === index ? null : current));
          };
          const onDropdownClick = (event: MouseEvent) => {
            if ((event.target as HTMLElement).closest('a[href]')) collapse();
          };
          const left = item.children.filter((child) => child.location === 'left');
          const right = item.children.filter((child) => child.location === 'right');
          return (
            <li
              key={item.link.href + item.link.label}
              css={{ display: 'flex', alignItems: 'center' }}
              onMouseEnter={() => {
                if (!touched.current) setExpanded(index);
              }}
              onMouseLeave={() => setExpanded((current) => (current === index ? null : current))}
              onKeyDown={onItemKeyDown}
              onBlur={onItemBlur}
            >
              <a
                ref={(element) => {
                  parents.current[index] = element;
                }}
                href={classifyLink(item.link.href, LINK_RULES).href || undefined}
                aria-expanded={open}
                aria-controls={dropdownId}
                className={active ? 'active' : undefined}
                onTouchStart={onParentTouchStart}
                onClick={onParentClick}
                onKeyDown={onParentKeyDown}
                css={linkStyle}
              >
                {item.link.label}
              </a>
              <div
                id={dropdownId}
                hidden={!open}
                onClick={onDropdownClick}
                data-testid="nav-dropdown"
                css={{
                  position: 'absolute',
                  left: 0,
                  right: 0,
                  top: '100%',
                  background: '#fff',
                  borderTop: '1px solid var(--line)',
                  borderBottom: '1px solid var(--line)',
                  boxShadow: '0 18px 30px rgba(0,0,0,.08)',
                  animation: `${fade} ${NAV_DROPDOWN_FADE_MS}ms ease-out both`,
                  zIndex: 30,
                }}
              >
                {opened.has(index) ? (
                  <div css={{ maxWidth: 1280, margin: '0 auto', padding: '1.75rem 1.25rem 2rem', display: 'grid', gridTemplateColumns: 'minmax(0, 3fr) minmax(0, 2fr)', gap: '2rem' }}>
                    <div css={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, left.length)}, minmax(0, 1fr))`, gap: '2rem' }}>
                      {left.map((child) => (
                        <div key={child.link.href + child.link.label}>
                          <SmartLink rules={LINK_RULES} href={child.link.href} css={{ display: 'block', fontWeight: 600, textDecoration: 'none', marginBottom: '.6rem', '&:hover': { textDecoration: 'underline' } }}>
                            {child.link.label}
                          </SmartLink>
                          <ul css={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: '.45rem' }}>
                            {child.children.map((leaf) => (
                              <li key={leaf.link.href + leaf.link.label}>
                                <SmartLink rules={LINK_RULES} href={leaf.link.href} css={{ textDecoration: 'none', color: 'var(--muted)', '&:hover': { color: 'var(--ink)', textDecoration: 'underline' } }}>
                                  {leaf.link.label}
                                </SmartLink>
                              </li>
                            ))}
                          </ul>
                        </div>
                      ))}
                    </div>
                    <div css={{ display: 'grid', gridTemplateColumns: `repeat(${Math.max(1, right.length)}, minmax(0, 1fr))`, gap: '1.25rem' }}>
                      {right.map((child) => (
                        <SmartLink key={child.link.href + child.link.label} rules={LINK_RULES} href={child.link.href} css={{ textDecoration: 'none', display: 'grid', gap: '.5rem', '&:hover span': { textDecoration: 'underline' } }}>
                          {child.image && images ? <images.NavImage url={child.image.url} alt={child.image.alt} columns={right.length} /> : null}
                          <span css={{ fontFamily: 'Georgia, serif', fontSize: 18 }}>{child.link.label}</span>
                        </SmartLink>
                      ))}
                    </div>
                  </div>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

