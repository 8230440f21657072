/** The /login address that brings the user back to `fullPath` after signing in. */
export function loginPathFor(fullPath: string): string {
  return fullPath === '/' || fullPath === ''
    ? '/login?redirect=%2F'
    : `/login?redirect=${encodeURIComponent(fullPath)}`;
}

/**
 * Where to go after login: the redirect query value, or '/' when it is missing, points back to
 * /login, or leaves the app (an absolute or protocol-relative URL).
 */
export function afterLoginPath(redirect: string | null): string {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//')) return '/';
  if (redirect === '/login' || redirect.startsWith('/login?') || redirect.startsWith('/login#')) return '/';
  return redirect;
}
