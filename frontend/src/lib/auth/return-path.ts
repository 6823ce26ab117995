/**
 * Where to go once signed in, when a page needed a signed-in user first (an invitation's link). Kept in
 * localStorage, because the sign-up's confirmation link may open in another tab, and for a day only.
 */
const KEY = 'vendorwatch.afterSignIn';
const MAX_AGE_MS = 24 * 3600 * 1000;

/** Only a path of this app: never another origin (`//host`), so the stored value cannot redirect away. */
const isAppPath = (path: string) => path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\');

export const rememberReturnPath = (path: string) => {
  if (!isAppPath(path)) return;
  try {
    localStorage.setItem(KEY, JSON.stringify({ path, at: Date.now() }));
  } catch {
    // Not remembered: the sign-in opens the dashboard, and the link can be opened again.
  }
};

/** The remembered path, once: reading it forgets it. */
export const takeReturnPath = (): string | null => {
  try {
    const stored = localStorage.getItem(KEY);
    localStorage.removeItem(KEY);
    const { path, at } = (JSON.parse(stored ?? 'null') as { path?: unknown; at?: unknown }) ?? {};
    return typeof path === 'string' && isAppPath(path) && typeof at === 'number' && Date.now() - at < MAX_AGE_MS ? path : null;
  } catch {
    return null;
  }
};
