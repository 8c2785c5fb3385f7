/** Flags drawn by the project (simplified for icon sizes): New Zealand, Australia, or a generic globe. */

function starPoints(points: number, inner: number): string {
  const out: string[] = [];
  for (let i = 0; i < points * 2; i += 1) {
    const radius = i % 2 === 0 ? 1 : inner;
    const angle = -Math.PI / 2 + (i * Math.PI) / points;
    out.push(`${(radius * Math.cos(angle)).toFixed(3)},${(radius * Math.sin(angle)).toFixed(3)}`);
  }
  return out.join(' ');
}

/**
 * A star of radius 1 moved and scaled into place: every star of a kind has the same points, which
 * the page's compression stores once (the flag is in the header of every server-rendered page).
 */
function Star({ x, y, r, points, inner, fill, stroke }: { x: number; y: number; r: number; points: number; inner: number; fill: string; stroke?: string }) {
  return <polygon points={starPoints(points, inner)} transform={`translate(${x} ${y}) scale(${r})`} fill={fill} {...(stroke ? { stroke, strokeWidth: Number((0.6 / r).toFixed(3)) } : {})} />;
}

/** The Union Jack in the canton (a nested svg clips the crosses to it). */
function UnionJack() {
  return (
    <svg x="0" y="0" width="30" height="15" viewBox="0 0 60 30">
      <rect width="60" height="30" fill="#012169" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#fff" strokeWidth="6" />
      <path d="M0,0 L60,30 M60,0 L0,30" stroke="#C8102E" strokeWidth="2" />
      <path d="M30,0 V30 M0,15 H60" stroke="#fff" strokeWidth="10" />
      <path d="M30,0 V30 M0,15 H60" stroke="#C8102E" strokeWidth="6" />
    </svg>
  );
}

const NZ_STARS: [number, number, number][] = [
  [45, 6, 2],
  [39.5, 13.5, 2],
  [50.5, 12, 1.8],
  [45, 24, 2.3],
];

const AU_STARS: [number, number, number, number][] = [
  [45, 25, 2.3, 7],
  [45, 4.5, 2, 7],
  [38.5, 12, 2, 7],
  [51.5, 10.5, 2, 7],
  [48, 15.5, 1.2, 5],
];

export function Flag({ country, size = 28 }: { country: string; size?: number }) {
  if (country === 'NZ' || country === 'AU') {
    return (
      <svg width={size} height={size / 2} viewBox="0 0 60 30" aria-hidden="true" focusable="false" css={{ display: 'block', borderRadius: 2, boxShadow: '0 0 0 1px rgba(0,0,0,.15)' }}>
        <rect width="60" height="30" fill="#012169" />
        <UnionJack />
        {country === 'NZ'
          ? NZ_STARS.map(([x, y, r]) => <Star key={`${x}-${y}`} x={x} y={y} r={r} points={5} inner={0.4} fill="#C8102E" stroke="#fff" />)
          : [
              <Star key="commonwealth" x={15} y={22.5} r={4.5} points={7} inner={0.45} fill="#fff" />,
              ...AU_STARS.map(([x, y, r, n]) => <Star key={`${x}-${y}`} x={x} y={y} r={r} points={n} inner={0.45} fill="#fff" />),
            ]}
      </svg>
    );
  }
  return (
    <svg width={size * 0.6} height={size * 0.6} viewBox="0 0 24 24" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="1.6" css={{ display: 'block' }}>
      <circle cx="12" cy="12" r="10" />
      <ellipse cx="12" cy="12" rx="4.5" ry="10" />
      <path d="M2 12h20M4 6.5h16M4 17.5h16" />
    </svg>
  );
}
