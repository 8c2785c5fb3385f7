/** Size guide content per product type (shown in an overlay on the product page). */
const GUIDES: Record<string, { intro: string; head: string[]; rows: string[][] }> = {
  suitcase: {
    intro: 'Heights include wheels and handles. Cabin size suits most domestic and trans-Tasman carry-on limits; check your airline before you fly.',
    head: ['Size', 'Height', 'Capacity', 'Best for'],
    rows: [
      ['Cabin 55 cm', '55 cm', '36–40 L', 'Carry-on, 1–3 nights'],
      ['Medium 68 cm', '68 cm', '65–75 L', 'Checked, 4–7 nights'],
      ['Large 77 cm', '77 cm', '95–105 L', 'Checked, 1–2 weeks'],
    ],
  },
  belt: {
    intro: 'Measure around your waist where you wear your belt, or measure a belt you own from the buckle to the hole you use.',
    head: ['Size', 'Waist', 'Belt length'],
    rows: [
      ['S / 85 cm', '71–79 cm', '85 cm'],
      ['M / 90 cm', '76–84 cm', '90 cm'],
      ['L / 95 cm', '81–89 cm', '95 cm'],
      ['XL / 100 cm', '86–94 cm', '100 cm'],
      ['105 cm', '91–99 cm', '105 cm'],
      ['S/M', '71–84 cm', '85–90 cm'],
      ['L/XL', '81–94 cm', '95–100 cm'],
    ],
  },
};

const DEFAULT_GUIDE = {
  intro: 'This piece comes in one size. Dimensions are measured flat, without straps or handles.',
  head: ['Size', 'What fits'],
  rows: [['One size', 'See the description for capacity and what fits inside']],
};

/**
 * The guide's rows for the sizes this product comes in: a row names one or more sizes ("S / 85 cm"),
 * and shows when one of them is a variant's label. No variants given, or none matching: every row.
 */
export function rowsFor(rows: string[][], variantLabels: string[] | undefined): string[][] {
  if (!variantLabels || variantLabels.length === 0) return rows;
  const labels = new Set(variantLabels.map((label) => label.trim().toLowerCase()));
  const matching = rows.filter((row) => (row[0] ?? '').split(' / ').some((size) => labels.has(size.trim().toLowerCase())));
  return matching.length > 0 ? matching : rows;
}

export function SizeGuide({ productType, variantLabels }: { productType: string; variantLabels?: string[] }) {
  const guide = GUIDES[productType] ?? DEFAULT_GUIDE;
  const rows = guide === DEFAULT_GUIDE ? guide.rows : rowsFor(guide.rows, variantLabels);
  return (
    <div>
      <p css={{ marginTop: 0 }}>{guide.intro}</p>
      <table css={{ borderCollapse: 'collapse', width: '100%', fontSize: 15, 'th, td': { borderBottom: '1px solid var(--line)', padding: '.5rem', textAlign: 'left' } }}>
        <thead>
          <tr>
            {guide.head.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row[0]}>
              {row.map((cell, i) =>
                i === 0 ? (
                  <th key={i} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={i}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
