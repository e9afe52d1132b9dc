/**
 * The subject support reads for a contact-form message: an account whose plan includes priority
 * support (the plan flag priority_support) is marked, so its message is answered first.
 */
export function supportSubject(subject: string, prioritySupport: boolean): string {
  return `[${prioritySupport ? "Priority support" : "Support"}] ${subject}`;
}
