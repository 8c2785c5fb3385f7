/**
 * What the server said about the cart that the product data in this tab may not show yet: a
 * variant that sold out while the shopper checked out (order/place answered InsufficientStock
 * naming it). Kept for the page (all carts in this tab read it) until the shopper changes that
 * line: then the quantity is below what the server refused, or the line is gone.
 */
export interface ServerProblem {
  /** The quantity in the cart the server refused. */
  qty: number;
}

const problems = new Map<string, ServerProblem>();
const listeners = new Set<() => void>();
let version = 0;

const changed = () => {
  version += 1;
  for (const l of listeners) l();
};

export function reportSoldOut(variantId: string, qty: number): void {
  problems.set(variantId, { qty });
  changed();
}

export function serverProblem(variantId: string): ServerProblem | null {
  return problems.get(variantId) ?? null;
}

/** Forget problems of variants no longer in the cart, or whose quantity went below the refused one. */
export function settleServerProblems(lines: { variantId: string; qty: number }[]): void {
  let any = false;
  for (const [variantId, p] of problems) {
    const line = lines.find((l) => l.variantId === variantId);
    if (!line || line.qty < p.qty) {
      problems.delete(variantId);
      any = true;
    }
  }
  if (any) changed();
}

export const serverProblemsVersion = (): number => version;
export function subscribeServerProblems(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Tests. */
export function clearServerProblems(): void {
  problems.clear();
  changed();
}
