import { Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { PageLoading } from '../../ui/PageLoading';
import { lazyPage } from '../../platform/routing/lazyWithTimeout';
import { TemplateManagerPage } from './TemplateManagerPage';

// The editors pull in dnd-kit and the diff viewer: their own chunks, loaded when opened.
const ModelEditorPage = lazyPage(() => import('./model-editor/ModelEditorPage'), 'ModelEditorPage');
const ModelFormsPage = lazyPage(() => import('./model-forms/ModelFormsPage'), 'ModelFormsPage');
const FormEditorPage = lazyPage(() => import('./form-editor/FormEditorPage'), 'FormEditorPage');

function page(element: React.ReactNode) {
  return <Suspense fallback={<PageLoading />}>{element}</Suspense>;
}

/**
 * The original's routes below /settings/templates-manager: the main page, the data-model editor, a
 * model's forms and the form editor (spec 3 §2).
 */
export function TemplateManagerRoutes() {
  return (
    <Routes>
      <Route index element={<TemplateManagerPage />} />
      <Route path="data-models/new/:moduleName" element={page(<ModelEditorPage scenario="create" />)} />
      <Route path="data-models/update/:modelFullName" element={page(<ModelEditorPage scenario="update" />)} />
      <Route path="forms/:modelFullName" element={page(<ModelFormsPage />)} />
      <Route path="forms/:modelFullName/new" element={page(<FormEditorPage scenario="create" />)} />
      <Route path="forms/:modelFullName/update/:formName" element={page(<FormEditorPage scenario="update" />)} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
