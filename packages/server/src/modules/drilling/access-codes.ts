/**
 * The drilling level that limited access (`records:{prefix}:view|edit`) matches by its code rather
 * than a combined id: an expedition, whose code is the first part of every combined id below it.
 */
export const DRILLING_ACCESS_CODE_COLUMNS: Readonly<Record<string, string>> = { ProjectExpedition: 'expedition' };
