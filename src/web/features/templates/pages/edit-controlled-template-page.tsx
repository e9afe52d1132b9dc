import { ControlledGate } from "../components/controlled-gate";
import { TemplateForm } from "../components/template-form";

/** /messages/controlled-templates/edit?id=: parent accounts. */
export default function EditControlledTemplatePage() {
  return (
    <ControlledGate parentOnly>
      <TemplateForm kind="controlled" mode="edit" />
    </ControlledGate>
  );
}
