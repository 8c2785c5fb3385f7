/**
 * Route patterns of the runtime registry, one rule for the shell's router and the edge's status
 * codes: "/" and "/blog" match exactly; "/blog/*" matches any deeper path (not "/blog" itself).
 */
export function matchRoute(pattern: string, pathname: string): boolean {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (pattern.endsWith('/*')) {
    const base = pattern.slice(0, -2);
    return path.startsWith(`${base}/`) && path.length > base.length + 1;
  }
  return path === pattern;
}
