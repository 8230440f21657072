import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@mdis/shared';
import type { AppConfigService } from './app-config.service';

const SAFE_PREFIX = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** The CSS of `<dataDir>/<customScssFilePrefix>.css` when `useCustomScss` is on; 404 otherwise. */
export async function readCustomStylesheet(appConfig: AppConfigService, dataDir: string): Promise<string> {
  const config = await appConfig.all();
  const prefix = config.customScssFilePrefix;
  // The prefix comes from config, but a path must never leave the data directory.
  if (config.useCustomScss !== true || typeof prefix !== 'string' || !SAFE_PREFIX.test(prefix)) {
    throw new AppError('NOT_FOUND', 'No custom stylesheet is configured.');
  }
  try {
    return await readFile(join(dataDir, `${prefix}.css`), 'utf8');
  } catch {
    throw new AppError('NOT_FOUND', `The custom stylesheet ${prefix}.css was not found.`);
  }
}
