/**
 * A mistake or refusal the operator can act on: the admin command prints its message as one line
 * and exits with 1, without a stack trace.
 */
export class OpsError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OpsError";
  }
}
