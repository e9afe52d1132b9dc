import { TemplateForm } from "../components/template-form";

/** /messages/templates/edit?id= */
export default function EditTemplatePage() {
  return <TemplateForm kind="plain" mode="edit" />;
}
