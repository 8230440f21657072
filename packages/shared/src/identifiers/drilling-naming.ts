import type { ModelTemplate } from '../templates/model-template';
import type { CombinedIdNaming } from './combined-id';

/**
 * How the drilling models name themselves in combined ids (reference §2.5):
 * 5065 → 5065_1 → 5065_1_A → 5065_1_A_001 → 5065_1_A_001_1 → 5065_1_A_001_1_WR.
 * Shared: the server writes them, the browser shows them provisionally offline.
 */
const COMBINED_ID_NAMING: Record<string, CombinedIdNaming> = {
  // The expedition level is the expedition code (5065), not its acronym, as in the original.
  ProjectExpedition: { nameColumn: 'expedition' },
  ProjectSite: { nameColumn: 'site' },
  ProjectHole: { nameColumn: 'hole' },
  CoreCore: { nameColumn: 'core', padding: 3 },
  CoreSection: { nameColumn: 'section' },
  CurationSectionSplit: { nameColumn: 'type' },
  // Below the cascade, the same rule with each model's NAME attribute (as the demo data builds them).
  CurationSample: { nameColumn: 'id' },
  CurationCorebox: { nameColumn: 'corebox', derived: [{ column: 'corebox_combined_id', separator: '_CB' }] },
  CurationSampleRequest: { nameColumn: 'request_no' },
};

export function drillingCombinedIdNaming(model: Pick<ModelTemplate, 'fullName'>): CombinedIdNaming | undefined {
  return Object.hasOwn(COMBINED_ID_NAMING, model.fullName) ? COMBINED_ID_NAMING[model.fullName] : undefined;
}
