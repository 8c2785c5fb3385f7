// Silhouettes of every product type, in the 1200 x 1500 canvas (they sit on a floor line near
// y = 1230), drawn in a palette's colours with simple shading.
import type { Palette } from './palette.js';

const stitchAttrs = (p: Palette, width = 3) => `fill="none" stroke="${p.stitch}" stroke-width="${width}" stroke-dasharray="14 10" stroke-linecap="round" opacity="0.8"`;

/** Soft light-from-the-left shading over a shape (use as a second fill with the same path). */
const SHADE = 'url(#shade)';

export type Silhouette = (p: Palette) => string;

const backpack: Silhouette = (p) => {
  const body = 'M420 1200 L780 1200 Q850 1200 850 1130 L850 560 Q850 380 600 380 Q350 380 350 560 L350 1130 Q350 1200 420 1200 Z';
  const lid = 'M372 560 Q372 405 600 405 Q828 405 828 560 L828 690 Q600 745 372 690 Z';
  return `
  <path d="M525 395 Q525 300 600 300 Q675 300 675 395" fill="none" stroke="${p.darker}" stroke-width="24" stroke-linecap="round"/>
  <rect x="318" y="470" width="46" height="620" rx="23" fill="${p.darker}"/>
  <rect x="836" y="470" width="46" height="620" rx="23" fill="${p.darker}"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M375 560 Q375 400 600 400 Q825 400 825 560 L825 1130 Q825 1175 780 1175 L420 1175 Q375 1175 375 1130 Z" ${stitchAttrs(p)}/>
  <path d="${lid}" fill="${p.dark}"/>
  <path d="M395 565 Q395 428 600 428 Q805 428 805 565 L805 675 Q600 722 395 675" ${stitchAttrs(p)}/>
  <rect x="478" y="640" width="44" height="250" rx="8" fill="${p.darker}"/>
  <rect x="678" y="640" width="44" height="250" rx="8" fill="${p.darker}"/>
  <rect x="468" y="820" width="64" height="52" rx="6" fill="none" stroke="${p.hw}" stroke-width="9"/>
  <rect x="668" y="820" width="64" height="52" rx="6" fill="none" stroke="${p.hw}" stroke-width="9"/>
  <path d="M420 960 Q420 925 455 925 L745 925 Q780 925 780 960 L780 1120 Q780 1150 750 1150 L450 1150 Q420 1150 420 1120 Z" fill="${p.dark}"/>
  <line x1="445" y1="955" x2="755" y2="955" stroke="${p.hwDark}" stroke-width="7" stroke-linecap="round"/>
  <rect x="735" y="945" width="22" height="46" rx="6" fill="${p.hw}"/>
  <rect x="570" y="1055" width="60" height="22" rx="8" fill="${p.darker}" opacity="0.7"/>`;
};

export const tote: Silhouette = (p) => {
  const body = 'M330 590 L870 590 L935 1180 Q938 1215 905 1215 L295 1215 Q262 1215 265 1180 Z';
  return `
  <path d="M455 600 Q455 300 600 300 Q745 300 745 600" fill="none" stroke="${p.darker}" stroke-width="30" stroke-linecap="round"/>
  <path d="M430 600 Q430 250 600 250 Q770 250 770 600" fill="none" stroke="${p.dark}" stroke-width="30" stroke-linecap="round"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M330 590 L870 590 L878 665 L322 665 Z" fill="${p.dark}"/>
  <line x1="330" y1="640" x2="870" y2="640" ${stitchAttrs(p)}/>
  <path d="M345 690 L300 1185 M855 690 L900 1185" ${stitchAttrs(p)}/>
  <circle cx="430" cy="615" r="12" fill="${p.hw}"/><circle cx="770" cy="615" r="12" fill="${p.hw}"/>
  <circle cx="455" cy="615" r="12" fill="${p.hw}" opacity="0.85"/><circle cx="745" cy="615" r="12" fill="${p.hw}" opacity="0.85"/>
  <rect x="520" y="880" width="160" height="44" rx="6" fill="${p.darker}" opacity="0.5"/>`;
};

const crossbody: Silhouette = (p) => {
  const body = 'M330 800 Q330 740 390 740 L810 740 Q870 740 870 800 L870 1150 Q870 1210 810 1210 L390 1210 Q330 1210 330 1150 Z';
  const flap = 'M330 800 Q330 740 390 740 L810 740 Q870 740 870 800 L870 960 Q600 1060 330 960 Z';
  return `
  <path d="M372 760 Q380 180 600 180 Q820 180 828 760" fill="none" stroke="${p.darker}" stroke-width="20" stroke-linecap="round"/>
  <rect x="352" y="715" width="40" height="50" rx="8" fill="none" stroke="${p.hw}" stroke-width="9"/>
  <rect x="808" y="715" width="40" height="50" rx="8" fill="none" stroke="${p.hw}" stroke-width="9"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="${flap}" fill="${p.dark}"/>
  <path d="M355 800 Q355 765 395 765 L805 765 Q845 765 845 800 L845 945 Q600 1032 355 945" ${stitchAttrs(p)}/>
  <rect x="572" y="975" width="56" height="70" rx="12" fill="${p.hw}"/>
  <rect x="584" y="990" width="32" height="38" rx="6" fill="${p.hwDark}"/>`;
};

const shoulder: Silhouette = (p) => {
  const body = 'M290 720 Q600 650 910 720 Q950 1010 770 1190 Q600 1220 430 1190 Q250 1010 290 720 Z';
  return `
  <path d="M390 720 Q420 330 600 330 Q780 330 810 720" fill="none" stroke="${p.darker}" stroke-width="44" stroke-linecap="round"/>
  <path d="M390 720 Q420 330 600 330 Q780 330 810 720" fill="none" stroke="${p.base}" stroke-width="28" stroke-linecap="round"/>
  <circle cx="390" cy="712" r="26" fill="none" stroke="${p.hw}" stroke-width="10"/>
  <circle cx="810" cy="712" r="26" fill="none" stroke="${p.hw}" stroke-width="10"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M318 745 Q600 685 882 745 Q915 995 755 1160 Q600 1188 445 1160 Q285 995 318 745 Z" ${stitchAttrs(p)}/>
  <path d="M300 735 Q600 668 900 735 L893 800 Q600 745 307 800 Z" fill="${p.dark}"/>
  <line x1="330" y1="772" x2="870" y2="772" stroke="${p.hwDark}" stroke-width="6"/>
  <rect x="855" y="760" width="20" height="48" rx="6" fill="${p.hw}"/>`;
};

const clutch: Silhouette = (p) => {
  const body = 'M270 650 Q270 620 300 620 L900 620 Q930 620 930 650 L930 1150 Q930 1180 900 1180 L300 1180 Q270 1180 270 1150 Z';
  return `
  <path d="M420 640 Q600 360 780 640" fill="none" stroke="${p.hw}" stroke-width="8" stroke-dasharray="2 14" stroke-linecap="round"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M270 650 Q270 620 300 620 L900 620 Q930 620 930 650 L930 670 L600 930 L270 670 Z" fill="${p.dark}"/>
  <path d="M298 668 L600 900 L902 668" ${stitchAttrs(p)}/>
  <path d="M270 1180 L560 960 M930 1180 L640 960" stroke="${p.darker}" stroke-width="4" opacity="0.35"/>
  <rect x="570" y="900" width="60" height="44" rx="10" fill="${p.hw}"/>`;
};

const briefcase: Silhouette = (p) => {
  const body = 'M240 660 Q240 620 280 620 L920 620 Q960 620 960 660 L960 1170 Q960 1210 920 1210 L280 1210 Q240 1210 240 1170 Z';
  return `
  <path d="M505 625 L505 535 Q505 490 550 490 L650 490 Q695 490 695 535 L695 625" fill="none" stroke="${p.darker}" stroke-width="30" stroke-linejoin="round"/>
  <rect x="480" y="600" width="50" height="36" rx="6" fill="${p.hw}"/><rect x="670" y="600" width="50" height="36" rx="6" fill="${p.hw}"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M240 660 Q240 620 280 620 L920 620 Q960 620 960 660 L960 840 L240 840 Z" fill="${p.dark}"/>
  <line x1="262" y1="815" x2="938" y2="815" ${stitchAttrs(p)}/>
  <rect x="390" y="810" width="64" height="84" rx="10" fill="${p.hw}"/><rect x="746" y="810" width="64" height="84" rx="10" fill="${p.hw}"/>
  <rect x="404" y="826" width="36" height="30" rx="5" fill="${p.hwDark}"/><rect x="760" y="826" width="36" height="30" rx="5" fill="${p.hwDark}"/>
  <path d="M265 1185 L935 1185 L935 655 L265 655 Z" ${stitchAttrs(p)}/>`;
};

export const suitcase: Silhouette = (p) => {
  const body = 'M430 420 L770 420 Q830 420 830 480 L830 1160 Q830 1220 770 1220 L430 1220 Q370 1220 370 1160 L370 480 Q370 420 430 420 Z';
  return `
  <rect x="508" y="200" width="16" height="230" fill="#8e9297"/><rect x="676" y="200" width="16" height="230" fill="#8e9297"/>
  <rect x="490" y="178" width="220" height="44" rx="22" fill="#2d2f33"/>
  <rect x="560" y="392" width="80" height="34" rx="12" fill="#2d2f33"/>
  <g fill="#2a2b2e"><rect x="392" y="1214" width="48" height="30" rx="8"/><rect x="760" y="1214" width="48" height="30" rx="8"/></g>
  <g fill="#1b1c1e"><circle cx="404" cy="1250" r="20"/><circle cx="430" cy="1250" r="20"/><circle cx="770" cy="1250" r="20"/><circle cx="796" cy="1250" r="20"/></g>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <g stroke="${p.dark}" stroke-width="14" stroke-linecap="round" opacity="0.85">
    <line x1="470" y1="500" x2="470" y2="1140"/><line x1="560" y1="500" x2="560" y2="1140"/>
    <line x1="640" y1="500" x2="640" y2="1140"/><line x1="730" y1="500" x2="730" y2="1140"/>
  </g>
  <g stroke="${p.light}" stroke-width="5" stroke-linecap="round" opacity="0.55">
    <line x1="480" y1="500" x2="480" y2="1140"/><line x1="570" y1="500" x2="570" y2="1140"/>
    <line x1="650" y1="500" x2="650" y2="1140"/><line x1="740" y1="500" x2="740" y2="1140"/>
  </g>
  <path d="M430 440 L770 440 Q810 440 810 480 L810 1160 Q810 1200 770 1200 L430 1200 Q390 1200 390 1160 L390 480 Q390 440 430 440 Z" fill="none" stroke="${p.darker}" stroke-width="6"/>
  <rect x="575" y="455" width="50" height="30" rx="6" fill="${p.hw}"/>`;
};

const duffle: Silhouette = (p) => {
  const body = 'M300 780 Q300 740 350 740 L850 740 Q900 740 900 780 L945 1130 Q950 1200 880 1200 L320 1200 Q250 1200 255 1130 Z';
  return `
  <path d="M470 760 Q470 500 600 500 Q730 500 730 760" fill="none" stroke="${p.darker}" stroke-width="28" stroke-linecap="round"/>
  <path d="M300 800 Q180 520 600 430 Q1020 520 900 800" fill="none" stroke="${p.dark}" stroke-width="16" opacity="0.9"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M300 780 Q300 740 350 740 L380 740 L345 1200 L320 1200 Q250 1200 255 1130 Z" fill="${p.dark}"/>
  <path d="M850 740 Q900 740 900 780 L945 1130 Q950 1200 880 1200 L858 1200 L820 740 Z" fill="${p.dark}"/>
  <line x1="380" y1="775" x2="820" y2="775" stroke="${p.hwDark}" stroke-width="8" stroke-linecap="round"/>
  <rect x="790" y="765" width="24" height="50" rx="6" fill="${p.hw}"/>
  <rect x="450" y="748" width="40" height="90" rx="6" fill="${p.darker}"/><rect x="710" y="748" width="40" height="90" rx="6" fill="${p.darker}"/>
  <path d="M380 1000 L820 1000" ${stitchAttrs(p)}/>
  <circle cx="300" cy="800" r="18" fill="none" stroke="${p.hw}" stroke-width="8"/><circle cx="900" cy="800" r="18" fill="none" stroke="${p.hw}" stroke-width="8"/>`;
};

const toiletryBag: Silhouette = (p) => {
  const body = 'M300 780 Q300 720 360 720 L840 720 Q900 720 900 780 L925 1140 Q925 1205 860 1205 L340 1205 Q275 1205 275 1140 Z';
  return `
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M300 780 Q300 720 360 720 L840 720 Q900 720 900 780 L903 820 L297 820 Z" fill="${p.dark}"/>
  <line x1="330" y1="770" x2="870" y2="770" stroke="${p.hwDark}" stroke-width="8" stroke-linecap="round"/>
  <path d="M840 770 L880 770 L880 840 Q880 870 860 870 L850 870" fill="none" stroke="${p.darker}" stroke-width="14"/>
  <rect x="826" y="756" width="28" height="40" rx="7" fill="${p.hw}"/>
  <path d="M240 860 Q200 860 200 900 L200 980 Q200 1020 240 1020 L280 1020" fill="none" stroke="${p.darker}" stroke-width="30" stroke-linecap="round"/>
  <path d="M320 845 L300 1180 M880 845 L900 1180" ${stitchAttrs(p)}/>`;
};

const passportHolder: Silhouette = (p) => `
  <g transform="rotate(-8 600 640)"><rect x="470" y="420" width="300" height="300" rx="10" fill="#f2ede2"/>
  <line x1="500" y1="470" x2="730" y2="470" stroke="#b9b1a0" stroke-width="10"/><line x1="500" y1="510" x2="680" y2="510" stroke="#b9b1a0" stroke-width="10"/></g>
  <path d="M420 590 Q420 560 450 560 L790 560 Q820 560 820 590 L820 1150 Q820 1180 790 1180 L450 1180 Q420 1180 420 1150 Z" fill="${p.base}"/>
  <path d="M420 590 Q420 560 450 560 L790 560 Q820 560 820 590 L820 1150 Q820 1180 790 1180 L450 1180 Q420 1180 420 1150 Z" fill="${SHADE}"/>
  <rect x="420" y="560" width="46" height="620" rx="14" fill="${p.dark}"/>
  <path d="M490 590 L795 590 L795 1150 L490 1150 Z" ${stitchAttrs(p)}/>
  <g fill="none" stroke="${p.darker}" stroke-width="8" opacity="0.7">
    <circle cx="640" cy="840" r="95"/><ellipse cx="640" cy="840" rx="42" ry="95"/><line x1="545" y1="840" x2="735" y2="840"/>
    <path d="M560 790 Q640 810 720 790 M560 890 Q640 870 720 890"/>
  </g>
  <rect x="560" y="990" width="160" height="14" rx="7" fill="${p.darker}" opacity="0.6"/>`;

const luggageTag: Silhouette = (p) => {
  const body = 'M510 620 L690 620 L770 700 L770 1150 Q770 1190 730 1190 L470 1190 Q430 1190 430 1150 L430 700 Z';
  return `
  <path d="M600 690 Q560 480 640 330 Q700 260 760 300" fill="none" stroke="${p.darker}" stroke-width="22" stroke-linecap="round"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <circle cx="600" cy="700" r="26" fill="${p.hw}"/><circle cx="600" cy="700" r="14" fill="${p.darker}"/>
  <rect x="480" y="800" width="240" height="300" rx="16" fill="#f4efe4"/>
  <g stroke="#bdb5a5" stroke-width="10" stroke-linecap="round"><line x1="510" y1="860" x2="690" y2="860"/><line x1="510" y1="920" x2="660" y2="920"/><line x1="510" y1="980" x2="680" y2="980"/><line x1="510" y1="1040" x2="620" y2="1040"/></g>
  <path d="M455 715 L455 1160 L745 1160 L745 715" ${stitchAttrs(p)}/>`;
};

const wallet: Silhouette = (p) => {
  const left = 'M250 720 Q250 690 280 690 L600 690 L600 1130 L280 1130 Q250 1130 250 1100 Z';
  const right = 'M600 690 L920 690 Q950 690 950 720 L950 1100 Q950 1130 920 1130 L600 1130 Z';
  return `
  <path d="${left}" fill="${p.base}"/><path d="${right}" fill="${p.dark}"/><path d="${left}" fill="${SHADE}"/>
  <rect x="300" y="720" width="250" height="150" rx="10" fill="#2f5d9e"/><rect x="310" y="750" width="250" height="150" rx="10" fill="#d4b25a"/>
  <rect x="280" y="800" width="300" height="110" rx="8" fill="${p.dark}"/><rect x="280" y="880" width="300" height="110" rx="8" fill="${p.base}"/>
  <rect x="280" y="960" width="300" height="140" rx="8" fill="${p.dark}"/>
  <line x1="285" y1="805" x2="575" y2="805" stroke="${p.light}" stroke-width="5" opacity="0.7"/>
  <line x1="285" y1="885" x2="575" y2="885" stroke="${p.light}" stroke-width="5" opacity="0.7"/>
  <line x1="285" y1="965" x2="575" y2="965" stroke="${p.light}" stroke-width="5" opacity="0.7"/>
  <rect x="650" y="760" width="250" height="170" rx="12" fill="${p.lining}" opacity="0.35" stroke="${p.darker}" stroke-width="6"/>
  <rect x="640" y="980" width="270" height="110" rx="8" fill="${p.base}"/>
  <line x1="600" y1="690" x2="600" y2="1130" stroke="${p.darker}" stroke-width="10"/>
  <path d="M270 712 L930 712 L930 1110 L270 1110 Z" ${stitchAttrs(p)}/>`;
};

const cardHolder: Silhouette = (p) => {
  const body = 'M400 790 Q400 760 430 760 L770 760 Q800 760 800 790 L800 1100 Q800 1130 770 1130 L430 1130 Q400 1130 400 1100 Z';
  return `
  <rect x="455" y="640" width="290" height="200" rx="14" fill="#2f5d9e"/><rect x="470" y="680" width="70" height="44" rx="6" fill="#d4b25a"/>
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M530 760 Q530 840 600 840 Q670 840 670 760 Z" fill="${p.darker}"/>
  <rect x="400" y="930" width="400" height="200" rx="24" fill="${p.dark}"/>
  <line x1="405" y1="935" x2="795" y2="935" stroke="${p.light}" stroke-width="5" opacity="0.6"/>
  <path d="M420 780 L420 1110 L780 1110 L780 780" ${stitchAttrs(p)}/>`;
};

const belt: Silhouette = (p) => {
  const cx = 600;
  const cy = 800;
  const rings = [115, 180, 245]
    .map(
      (r) => `<circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${p.darker}" stroke-width="62"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${p.base}" stroke-width="52"/>
    <circle cx="${cx}" cy="${cy}" r="${r}" fill="none" stroke="${p.stitch}" stroke-width="2.5" stroke-dasharray="10 9" opacity="0.7"/>`,
    )
    .join('');
  return `
  ${rings}
  <rect x="600" y="1019" width="330" height="52" fill="${p.base}"/>
  <rect x="600" y="1019" width="330" height="52" fill="${SHADE}"/>
  <line x1="600" y1="1030" x2="930" y2="1030" stroke="${p.stitch}" stroke-width="2.5" stroke-dasharray="10 9" opacity="0.7"/>
  <line x1="600" y1="1060" x2="930" y2="1060" stroke="${p.stitch}" stroke-width="2.5" stroke-dasharray="10 9" opacity="0.7"/>
  <rect x="925" y="995" width="90" height="100" rx="16" fill="none" stroke="${p.hw}" stroke-width="16"/>
  <line x1="935" y1="1045" x2="1000" y2="1045" stroke="${p.hwDark}" stroke-width="9" stroke-linecap="round"/>
  <g fill="${p.darker}"><circle cx="700" cy="1045" r="8"/><circle cx="760" cy="1045" r="8"/><circle cx="820" cy="1045" r="8"/></g>`;
};

const keyring: Silhouette = (p) => `
  <circle cx="600" cy="470" r="95" fill="none" stroke="${p.hwDark}" stroke-width="20"/>
  <circle cx="600" cy="470" r="95" fill="none" stroke="${p.hw}" stroke-width="12"/>
  <g transform="rotate(28 640 560)">
    <rect x="618" y="560" width="44" height="260" rx="14" fill="#9aa0a6"/><circle cx="640" cy="560" r="48" fill="#9aa0a6"/><circle cx="640" cy="560" r="18" fill="none"/>
    <rect x="662" y="720" width="40" height="22" fill="#9aa0a6"/><rect x="662" y="770" width="28" height="22" fill="#9aa0a6"/>
  </g>
  <rect x="568" y="555" width="64" height="60" rx="10" fill="${p.hw}"/>
  <path d="M530 620 Q530 600 550 600 L650 600 Q670 600 670 620 L670 1110 Q670 1170 600 1170 Q530 1170 530 1110 Z" fill="${p.base}"/>
  <path d="M530 620 Q530 600 550 600 L650 600 Q670 600 670 620 L670 1110 Q670 1170 600 1170 Q530 1170 530 1110 Z" fill="${SHADE}"/>
  <path d="M552 625 L552 1105 Q552 1148 600 1148 Q648 1148 648 1105 L648 625" ${stitchAttrs(p)}/>
  <circle cx="600" cy="700" r="16" fill="${p.hw}"/>`;

const sunglassesCase: Silhouette = (p) => {
  const body = 'M410 760 L790 760 Q940 760 940 910 Q940 1060 790 1060 L410 1060 Q260 1060 260 910 Q260 760 410 760 Z';
  return `
  <path d="${body}" fill="${p.base}"/><path d="${body}" fill="${SHADE}"/>
  <path d="M262 905 L938 905" stroke="${p.darker}" stroke-width="10"/>
  <path d="M300 890 Q300 790 420 785 L780 785 Q900 790 900 890" ${stitchAttrs(p)}/>
  <rect x="575" y="890" width="50" height="30" rx="8" fill="${p.hw}"/>
  <g transform="translate(0 -40)">
    <path d="M360 680 Q360 600 450 600 L540 600 Q575 600 575 640 Q575 740 470 740 Q360 740 360 680 Z" fill="#1f2226" opacity="0.92"/>
    <path d="M840 680 Q840 600 750 600 L660 600 Q625 600 625 640 Q625 740 730 740 Q840 740 840 680 Z" fill="#1f2226" opacity="0.92"/>
    <path d="M575 630 Q600 610 625 630" fill="none" stroke="#1f2226" stroke-width="14"/>
    <path d="M400 630 Q440 615 470 640" fill="none" stroke="#ffffff" stroke-width="8" opacity="0.35"/>
  </g>`;
};

export const SILHOUETTES: Record<string, Silhouette> = {
  backpack,
  tote,
  crossbody,
  shoulder,
  clutch,
  briefcase,
  suitcase,
  duffle,
  'toiletry-bag': toiletryBag,
  'passport-holder': passportHolder,
  'luggage-tag': luggageTag,
  wallet,
  'card-holder': cardHolder,
  belt,
  keyring,
  'sunglasses-case': sunglassesCase,
};
