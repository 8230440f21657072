import { Navigate, useLocation, useParams } from 'react-router';
import { NotFoundPage } from '../../ui/NotFoundPage';
import { TemplateForm } from './FormPage';

const FORM_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * `/{formName}[/{id}]`: the template-driven smart form, loaded by the form's name (spec 1 §2).
 * The route takes any first segment, so names that cannot be a form, a record id that is not a
 * number and a template the server does not know all show the 404 page.
 */
export function SmartFormPage() {
  const { formName = '', id } = useParams();
  if (!FORM_NAME.test(formName) || (id !== undefined && !/^\d+$/.test(id))) return <NotFoundPage />;
  return <TemplateForm key={formName} formName={formName} basePath={`/${formName}`} id={id} missingIsNotFound />;
}

/** The former `/smart-forms/{formName}[/{id}]` address, kept for old links and bookmarks. */
export function SmartFormRedirect() {
  const { formName = '', id } = useParams();
  const { search } = useLocation();
  return <Navigate replace to={`/${formName}${id === undefined ? '' : `/${id}`}${search}`} />;
}
