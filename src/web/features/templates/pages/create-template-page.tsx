import { TemplateForm } from "../components/template-form";

/** /messages/templates/create */
export default function CreateTemplatePage() {
  return <TemplateForm kind="plain" mode="create" />;
}
