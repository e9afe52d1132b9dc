/** After a failed submit, bring the first invalid field into view and focus (long forms, phones). */
export function focusFirstError() {
  requestAnimationFrame(() => {
    document.querySelector<HTMLElement>('form [aria-invalid="true"]')?.focus();
  });
}
