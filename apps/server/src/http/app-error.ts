import { errorStatus, type ErrorCode, type Refusal } from '@shop/shared';

/** The one error class of the app: a code from @shop/shared, a message for people, field errors. */
export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** A conflict's figures now (`{aqty: 700}`), so the client can show them and retry. */
    readonly current?: Record<string, number>,
  ) {
    super(message);
    this.name = 'AppError';
    this.status = errorStatus[code];
  }

  static notFound(what: string): AppError {
    return new AppError('not_found', `${what} not found`);
  }

  /** A refusal of the order state table (@shop/shared `refusalOf`) as the API answers it. */
  static refused(refusal: Refusal): AppError {
    return new AppError(refusal.code, refusal.message);
  }
}
