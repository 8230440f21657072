import { useMemo, useState } from 'react';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { CodeGeneratorDialog } from '../generator/CodeGeneratorDialog';
import { FieldSettingsDialog } from './FieldSettingsDialog';
import { FieldsBoard } from './FieldsBoard';
import { ErrorSummary, FormEditorActions, FormNameFields } from './FormEditorHeader';
import type { LinkCandidates } from './formDraft';
import { updateField } from './formLayout';
import { FormLinksDialog } from './FormLinksDialog';
import { useFormEditor, type FormEditorSource } from './useFormEditor';

export interface FormEditorProps extends FormEditorSource {
  candidates: LinkCandidates;
}

function GenerationLog({ lines, onClose }: { lines: readonly string[]; onClose: () => void }) {
  if (lines.length === 0) return null;
  return (
    <Alert severity="info" aria-label="Generation log" onClose={onClose}>
      {lines.map((line, index) => (
        <div key={`${String(index)}-${line}`}>{line}</div>
      ))}
    </Alert>
  );
}

/** The form editor (spec 3 §2): name, data model, Fields palette and groups, buttons, Save, Save & Generate. */
export function FormEditor(props: FormEditorProps) {
  const { scenario, modelFullName, seed, columns, listNames, candidates } = props;
  const editor = useFormEditor(props);
  const { draft, setDraft } = editor;
  const [settingsOf, setSettingsOf] = useState<string | null>(null);
  const [links, setLinks] = useState<'sup' | 'sub' | null>(null);
  const isDatabaseRequired = useMemo(() => (name: string) => Boolean(columns[name]?.required), [columns]);
  const settingsField = settingsOf === null ? undefined : draft.layout.fields[settingsOf];
  const linkKey = links === 'sup' ? 'supForms' : 'subForms';

  return (
    <Stack spacing={2}>
      <ErrorSummary errors={editor.serverErrors} onDismiss={editor.dismissErrors} />
      <FormNameFields
        scenario={scenario}
        name={draft.name}
        error={editor.nameError}
        modelFullName={modelFullName}
        onChange={(name) => setDraft({ ...draft, name })}
        onBlur={editor.handleNameBlur}
      />
      <FormEditorActions
        scenario={scenario}
        supForms={draft.supForms}
        subForms={draft.subForms}
        busy={editor.saving}
        onParentForms={() => setLinks('sup')}
        onChildForms={() => setLinks('sub')}
        onSave={editor.save}
        onSaveAndGenerate={editor.saveAndGenerate}
      />
      <FieldsBoard
        layout={draft.layout}
        available={seed.availableFieldTemplates}
        isDatabaseRequired={isDatabaseRequired}
        onChange={(layout) => setDraft({ ...draft, layout })}
        onFieldSettings={setSettingsOf}
      />
      <GenerationLog lines={editor.log} onClose={editor.clearLog} />
      {settingsField && (
        <FieldSettingsDialog
          field={settingsField}
          column={columns[settingsField.name]}
          listNames={listNames ?? []}
          onApply={(field) => setDraft({ ...draft, layout: updateField(draft.layout, field) })}
          onClose={() => setSettingsOf(null)}
        />
      )}
      {links && (
        <FormLinksDialog
          title={links === 'sup' ? 'Parent Forms' : 'Child Forms'}
          candidates={candidates[links]}
          selected={draft[linkKey]}
          onApply={(picked) => setDraft({ ...draft, [linkKey]: picked })}
          onClose={() => setLinks(null)}
        />
      )}
      <CodeGeneratorDialog generatorId="dis-form" templateName={draft.name} autoGenerate {...editor.generator} />
    </Stack>
  );
}
