/**
 * A refusal in Twilio's own shape ({ code, message, more_info, status }), so the adapter parses
 * the emulator's errors exactly as it parses Twilio's.
 */
export class TwilioApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: number,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = "TwilioApiError";
  }

  toJSON() {
    return {
      code: this.code,
      message: this.message,
      more_info: `https://www.twilio.com/docs/errors/${this.code}`,
      status: this.status,
    };
  }
}
