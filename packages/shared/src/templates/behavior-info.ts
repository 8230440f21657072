import { z } from 'zod';

/**
 * What a behavior parameter holds, so the model editor offers the right input: a column of the
 * model (picker), several columns (a list, saved as a JSON array), a number, a boolean (switch) or
 * free text. The saved template keeps the plain JSON value either way.
 */
export const behaviorParameterKinds = ['column', 'columns', 'number', 'boolean', 'text'] as const;
export const behaviorParameterKind = z.enum(behaviorParameterKinds);
export type BehaviorParameterKind = z.infer<typeof behaviorParameterKind>;

/** A parameter as the template manager lists it (spec 3: Behavior info parameters, each with name and hint). */
export const behaviorParameterInfo = z.object({
  name: z.string(),
  hint: z.string(),
  kind: behaviorParameterKind,
  /** The input's label; the parameter's name when absent. */
  label: z.string().optional(),
});
export type BehaviorParameterInfo = z.infer<typeof behaviorParameterInfo>;

/** A selectable behavior of `cg/api/behaviors`. */
export const behaviorInfo = z.object({
  name: z.string(),
  behaviorClass: z.string(),
  parameters: z.array(behaviorParameterInfo),
});
export type BehaviorInfo = z.infer<typeof behaviorInfo>;
