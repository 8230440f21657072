import { type IgsnSettings, isIgsnObjectTag, type ModelTemplate } from '@mdis/shared';
import type { AncestorValue } from './igsn-ancestors';

/**
 * Where the codes of an IGSN live. Which ancestors are the program, expedition, site and hole is
 * domain knowledge: the domain module registering the behavior names them (the drilling module:
 * modules/drilling/igsn-ancestors.ts), a template may name others. An empty model name means the
 * code comes from the app config (`igsn.program`, `igsn.expedition`, ...).
 */
export interface IgsnBehaviorParameters {
  column: string;
  tag: string;
  programModel: string;
  programColumn: string;
  expeditionModel: string;
  expeditionColumn: string;
  siteModel: string;
  siteColumn: string;
  holeModel: string;
  holeColumn: string;
}

/** The parameters a template may leave out: everything but the tag (which comes from the column's default). */
export type IgsnDefaults = Omit<IgsnBehaviorParameters, 'tag'>;

/** Without a domain's names no ancestor holds a code: every code comes from the app config. */
export const IGSN_BEHAVIOR_DEFAULTS: IgsnDefaults = {
  column: 'igsn',
  programModel: '',
  programColumn: 'program',
  expeditionModel: '',
  expeditionColumn: 'expedition',
  siteModel: '',
  siteColumn: 'site',
  holeModel: '',
  holeColumn: 'hole',
};

/** The object-tag letter of a model that gets IGSNs: its IGSN column's default, when that is a tag. */
export function igsnTagOf(model: ModelTemplate, column: string): string | undefined {
  if (!Object.hasOwn(model.columns, column)) return undefined;
  const tag = model.columns[column].defaultValue;
  return isIgsnObjectTag(tag) ? tag : undefined;
}

/** A template's parameters over the defaults; the tag defaults to the IGSN column's default value. */
export function igsnParameters(
  model: ModelTemplate,
  given: Readonly<Record<string, unknown>>,
  defaults: IgsnDefaults,
): IgsnBehaviorParameters {
  const text = (key: keyof IgsnBehaviorParameters, fallback: string) => {
    const value = given[key];
    return typeof value === 'string' && value !== '' ? value : fallback;
  };
  const column = text('column', defaults.column);
  const columnDefault = Object.hasOwn(model.columns, column) ? model.columns[column].defaultValue : undefined;
  return {
    column,
    tag: text('tag', typeof columnDefault === 'string' ? columnDefault : ''),
    programModel: text('programModel', defaults.programModel),
    programColumn: text('programColumn', defaults.programColumn),
    expeditionModel: text('expeditionModel', defaults.expeditionModel),
    expeditionColumn: text('expeditionColumn', defaults.expeditionColumn),
    siteModel: text('siteModel', defaults.siteModel),
    siteColumn: text('siteColumn', defaults.siteColumn),
    holeModel: text('holeModel', defaults.holeModel),
    holeColumn: text('holeColumn', defaults.holeColumn),
  };
}

/** The ancestor codes the method needs, by IgsnParts key (none for fixed_prefix; none without a model). */
export function wantedCodes(parameters: IgsnBehaviorParameters, settings: IgsnSettings): Record<string, AncestorValue> {
  if (settings.method === 'fixed_prefix') return {};
  const wanted: Record<string, AncestorValue> = {
    program: { model: parameters.programModel, column: parameters.programColumn },
    expedition: { model: parameters.expeditionModel, column: parameters.expeditionColumn },
    ...(settings.method === 'ICDP_2021'
      ? {
          site: { model: parameters.siteModel, column: parameters.siteColumn },
          hole: { model: parameters.holeModel, column: parameters.holeColumn },
        }
      : {}),
  };
  return Object.fromEntries(Object.entries(wanted).filter(([, want]) => want.model !== ''));
}
