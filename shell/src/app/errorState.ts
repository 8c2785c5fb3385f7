/**
 * Paths whose page failed while rendering (a remote's or the chrome's render error): the shell shows
 * its error page there with status 500 ("Something Went Wrong") until the shopper navigates away.
 * Module state of the shell build (shared by the root config and the error-page chunk).
 */
const failed = new Map<string, { status: number; message: string; source: string }>();

export function markPageFailed(path: string, failure: { status?: number; message: string; source: string }): void {
  failed.set(path, { status: failure.status ?? 500, message: failure.message, source: failure.source });
}

export function pageFailure(path: string): { status: number; message: string; source: string } | undefined {
  return failed.get(path);
}

/** Forgets failures of other paths (called on every route change). */
export function forgetOtherPaths(path: string): void {
  for (const key of [...failed.keys()]) if (key !== path) failed.delete(key);
}
