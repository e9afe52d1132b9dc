import { TemplatesList } from "../components/templates-list";

/** /messages/templates */
export default function TemplatesPage() {
  return <TemplatesList kind="plain" />;
}
