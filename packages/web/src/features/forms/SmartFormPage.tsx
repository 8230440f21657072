import { useParams } from 'react-router';
import { TemplateForm } from './FormPage';

/** `/smart-forms/{formName}[/{id}]`: the template-driven smart form, loaded by the form's name. */
export function SmartFormPage() {
  const { formName = '', id } = useParams();
  return <TemplateForm key={formName} formName={formName} basePath={`/smart-forms/${formName}`} id={id} />;
}
