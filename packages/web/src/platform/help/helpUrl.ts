/**
 * A help link: the configured documentation base plus a page name relative to it.
 * @example helpUrl('https://docs.example/mdis/', 'dashboard') // 'https://docs.example/mdis/dashboard'
 */
export function helpUrl(base: string, relativeName = ''): string {
  const name = relativeName.replace(/^\/+/, '');
  if (!base) return name;
  return name ? `${base.replace(/\/+$/, '')}/${name}` : base;
}
