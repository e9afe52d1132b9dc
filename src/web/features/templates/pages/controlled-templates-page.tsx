import { ControlledGate } from "../components/controlled-gate";
import { TemplatesList } from "../components/templates-list";

/** /messages/controlled-templates: parent and child accounts only. */
export default function ControlledTemplatesPage() {
  return (
    <ControlledGate>
      <TemplatesList kind="controlled" />
    </ControlledGate>
  );
}
