import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { useNotifications } from '../../../platform/notifications/NotificationsContext';
import type { GeneratorId, PlannedFile } from '../templateManager.api';
import { failureText } from '../useTemplateMutations';
import { answersOf, checkedByDefault, useGenerate, useGeneratorPlan } from './useCodeGenerator';

interface GeneratorFlowOptions {
  generatorId: GeneratorId;
  templateName: string;
  autoGenerate?: boolean;
  onLog?: (message: string) => void;
  onGenerated?: () => void;
}

export const PLAN_FAILED = 'error: cannot read the files to generate';

const count = (files: PlannedFile[], operation: PlannedFile['operation']) =>
  files.filter((f) => f.operation === operation).length;

/** The log line of a plan: how many files and what writing them would do. */
const planLine = (templateName: string, list: PlannedFile[]) =>
  `${String(list.length)} files of ${templateName}: ${String(count(list, 'create'))} to create, ` +
  `${String(count(list, 'overwrite'))} to overwrite, ${String(count(list, 'skip'))} to skip`;

/**
 * One opening of the code generator (spec 3 §4): read the plan, log it, and for Save & Generate
 * write every file at once unless one would be overwritten; then wait for the user's choice.
 */
export function useGeneratorFlow(options: GeneratorFlowOptions) {
  const { generatorId, templateName, autoGenerate, onLog, onGenerated } = options;
  const plan = useGeneratorPlan(generatorId, templateName);
  const generate = useGenerate(generatorId, templateName);
  const { warn } = useNotifications();
  const [choice, setChoice] = useState<Record<string, boolean>>({});
  const files = plan.data?.files ?? [];
  const isChecked = (file: PlannedFile) => file.operation !== 'skip' && (choice[file.id] ?? checkedByDefault(file));

  const run = (answers: Record<string, boolean>) => {
    onLog?.(`Generating ${String(Object.values(answers).filter(Boolean).length)} files of ${templateName}`);
    generate.mutate(answers, {
      onSuccess: (answer) => {
        onLog?.(answer.hasError ? `Generation of ${templateName} failed` : `Generated the files of ${templateName}`);
        if (!answer.hasError) onGenerated?.();
      },
      onError: (error) => {
        const text = failureText(error, 'error: cannot generate the files');
        onLog?.(text);
        warn(text);
      },
    });
  };

  const onPlanned = useEffectEvent((list: PlannedFile[]) => {
    onLog?.(planLine(templateName, list));
    if (!autoGenerate) return;
    if (count(list, 'overwrite') > 0) onLog?.('Files would be overwritten: waiting for the choice of files');
    else run(answersOf(list, {}));
  });
  const onPlanFailed = useEffectEvent((error: Error) => {
    onLog?.(failureText(error, PLAN_FAILED));
    warn(failureText(error, PLAN_FAILED));
  });

  // Only the first plan of an opening: the plan read again after writing must not write again.
  const planned = useRef(false);
  useEffect(() => {
    if (!plan.data || planned.current) return;
    planned.current = true;
    onPlanned(plan.data.files);
  }, [plan.data]);
  useEffect(() => {
    if (plan.error) onPlanFailed(plan.error);
  }, [plan.error]);

  // Derived, not stored: Save & Generate stopped because a file would be overwritten.
  const waiting =
    autoGenerate === true &&
    count(files, 'overwrite') > 0 &&
    !generate.data &&
    !generate.isPending &&
    !generate.isError;
  return {
    plan,
    generate,
    files,
    isChecked,
    waiting,
    toggle: (file: PlannedFile, checked: boolean) => setChoice((c) => ({ ...c, [file.id]: checked })),
    generateChosen: () => run(answersOf(files, choice)),
  };
}
