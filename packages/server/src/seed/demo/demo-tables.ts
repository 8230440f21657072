import { isStoredColumnType, type ModelTemplate } from '@mdis/shared';
import type { TableSpec } from './bulk-writer';

/** The registry of issued IGSNs (a system table): written only when its migration exists. */
export const IGSN_REGISTRY = 'igsn_registry';
export const IGSN_REGISTRY_COLUMNS = ['igsn', 'data_model', 'model_id', 'created_at'] as const;

/**
 * The columns the generator fills, per model, parents first (the order the writer flushes in, so
 * every foreign key points at a row already written). Every name must be a stored column of the
 * model's template: checked before anything is written.
 */
// prettier-ignore
export const DEMO_COLUMNS = {
  ContactPerson: [
    'id', 'person_acronym', 'first_name', 'last_name', 'email', 'affiliation', 'phone', 'role',
  ],
  CurationStorage: [
    'id', 'combined_id', 'storage', 'building', 'room', 'shelf',
  ],
  ProjectProgram: [
    'id', 'program', 'name', 'remarks',
  ],
  ProjectExpedition: [
    'id', 'program_id', 'combined_id', 'expedition', 'exp_name', 'exp_acronym', 'chief_scientists', 'contact',
    'start_date', 'end_date', 'objectives', 'keywords', 'country', 'city', 'location_description', 'geological_age',
    'rock_classification', 'funding_agency', 'repository', 'repository_contact',
  ],
  CurationSampleRequest: [
    'id', 'expedition_id', 'combined_id', 'request_combined_id', 'request_no', 'request_part', 'project_phase', 'scientist_1',
    'scientist_2', 'purpose', 'destructive', 'sample_material', 'split_fraction_requested', 'number_samples',
    'sample_size', 'sample_size_unit', 'curator', 'date_submission', 'date_approval', 'date_completion',
    'approved_by', 'hole_combined_id', 'comment',
  ],
  ProjectSite: [
    'id', 'expedition_id', 'combined_id', 'site', 'site_name', 'type_drilling_location', 'description', 'country',
    'city', 'latitude_dec', 'longitude_dec', 'lithology', 'geological_age',
  ],
  ProjectHole: [
    'id', 'site_id', 'combined_id', 'hole', 'hole_name', 'igsn', 'drilling_method', 'methods_in_hole', 'gear',
    'repository_name', 'depth_water', 'drillers_reference_height', 'latitude', 'longitude', 'elevation',
    'spatial_reference_system', 'inclination', 'platform_name', 'platform_operator', 'platform_type', 'start_date',
    'end_date', 'comment',
  ],
  CurationCorebox: [
    'id', 'hole_id', 'combined_id', 'corebox', 'corebox_combined_id', 'storage_id',
  ],
  CoreCore: [
    'id', 'hole_id', 'combined_id', 'core', 'igsn', 'core_ondeck', 'drillers_top_depth', 'drilled_length',
    'bit_size', 'fluid_type', 'core_loss_reason', 'core_type', 'continuity', 'curator', 'barrel_length',
    'core_recovery', 'core_oriented', 'core_diameter', 'section_count',
  ],
  CoreSection: [
    'id', 'core_id', 'combined_id', 'section', 'section_length', 'curated_length', 'core_catcher',
    'section_condition', 'mcd_offset', 'curator',
  ],
  CurationSectionSplit: [
    'id', 'section_id', 'combined_id', 'type', 'origin_split_id', 'igsn', 'curator', 'still_exists', 'sampleable',
    'measurement_exists', 'percent', 'corebox_id', 'corebox_name', 'corebox_slot',
  ],
  CurationSample: [
    'id', 'section_split_id', 'sample_request_id', 'combined_id', 'igsn', 'sample_date', 'top', 'sample_length',
    'split_fraction_taken', 'sample_size', 'sample_size_unit', 'sample_material', 'curator', 'purpose',
  ],
} as const satisfies Record<string, readonly string[]>;

export type DemoModel = keyof typeof DEMO_COLUMNS;
export const DEMO_MODELS = Object.keys(DEMO_COLUMNS) as DemoModel[];

/** The writer's table list; throws naming the first column the templates do not have. */
export function demoTableSpecs(models: ReadonlyMap<string, ModelTemplate>, withRegistry: boolean): TableSpec[] {
  const specs: TableSpec[] = DEMO_MODELS.map((key) => {
    const template = models.get(key);
    if (!template) throw new Error(`The drilling model ${key} is not stored: seed the drilling model first.`);
    for (const column of DEMO_COLUMNS[key]) {
      const type = (template.columns[column] as ModelTemplate['columns'][string] | undefined)?.type;
      if (!type || !isStoredColumnType(type)) throw new Error(`${key} has no stored column ${column}.`);
    }
    return { key, table: template.table, columns: DEMO_COLUMNS[key] };
  });
  if (withRegistry) specs.push({ key: IGSN_REGISTRY, table: IGSN_REGISTRY, columns: IGSN_REGISTRY_COLUMNS });
  return specs;
}
