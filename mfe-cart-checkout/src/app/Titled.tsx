import { useEffect, type ReactNode } from 'react';

/** Sets the document title ("… | Fernleaf") when `children` show (routeModules.tsx gives each page its title). */
export function Titled({ title, children }: { title: string; children: ReactNode }) {
  useEffect(() => {
    document.title = `${title} | Fernleaf`;
  }, [title]);
  return children;
}
