import { COMPATIBLE_VERSION_INFO } from '@mdis/shared';

/** 'mDIS 0.1.0 · compatible with mDIS v3.0.0' */
export function versionText(version: string = __MDIS_VERSION__): string {
  return `mDIS ${version} · compatible with mDIS ${COMPATIBLE_VERSION_INFO.version}`;
}
