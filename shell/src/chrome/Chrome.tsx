import { createPortal } from 'react-dom';
import { BrowserRouter } from 'react-router';
import { Alerts } from './Alerts';
import { Footer } from './Footer';
import { GeoPrompt } from './GeoPrompt';
import { Header } from './Header';

/** The always-active shell application: header, footer and overlays, rendered into their regions. */
export function Chrome() {
  const header = document.getElementById('shell-header');
  const footer = document.getElementById('shell-footer');
  return (
    <BrowserRouter>
      {header && createPortal(<Header />, header)}
      {footer && createPortal(<Footer />, footer)}
      <Alerts />
      <GeoPrompt />
    </BrowserRouter>
  );
}
