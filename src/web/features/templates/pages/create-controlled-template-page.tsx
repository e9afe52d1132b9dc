import { ControlledGate } from "../components/controlled-gate";
import { TemplateForm } from "../components/template-form";

/** /messages/controlled-templates/create: parent accounts. */
export default function CreateControlledTemplatePage() {
  return (
    <ControlledGate parentOnly>
      <TemplateForm kind="controlled" mode="create" />
    </ControlledGate>
  );
}
