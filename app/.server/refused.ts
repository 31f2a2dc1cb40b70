/**
 * A change a person asked for and the rules refuse: the record's state does
 * not allow it (409), a value is wrong in a way the form's schema cannot see
 * (400 beside `field`), or a limit is reached. Every domain's refusal extends
 * this, so the one form answerer (`answerForm` in http/form-action.ts) turns
 * each into its answer in one place: a message beside the field when there
 * is one, else at the top of the page, and what was typed kept.
 */
export class Refused extends Error {
  constructor(
    message: string,
    /** The control the message belongs beside; none: the message heads the page. */
    readonly field: string | null = null,
    readonly status: 400 | 403 | 404 | 409 | 413 | 422 = field ? 400 : 409,
  ) {
    super(message);
    this.name = "Refused";
  }
}
