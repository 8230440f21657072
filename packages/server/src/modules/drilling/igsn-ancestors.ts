import type { IgsnDefaults } from '../igsn/igsn-parameters';

/**
 * Which drilling models hold the codes of an IGSN (reference §2.6): the program acronym, the
 * expedition code and, for ICDP_2021, the site and hole. The IGSN behavior and the back-fill get
 * them from here; a template may still name other ancestors in its behavior parameters.
 */
export const DRILLING_IGSN_ANCESTORS: Partial<IgsnDefaults> = {
  programModel: 'ProjectProgram',
  programColumn: 'program',
  expeditionModel: 'ProjectExpedition',
  expeditionColumn: 'expedition',
  siteModel: 'ProjectSite',
  siteColumn: 'site',
  holeModel: 'ProjectHole',
  holeColumn: 'hole',
};
