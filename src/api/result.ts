/** Every client call resolves to exactly one of these; none throws. */
export type ApiSuccess<T> = { data: T; error_message?: never };
export type ApiFailure = {
  data?: never;
  error_message: string;
  /** HTTP status when the server answered; absent for network and sign-in failures. */
  status?: number;
};
export type ApiResult<T> = ApiSuccess<T> | ApiFailure;

export function isApiFailure<T>(result: ApiResult<T>): result is ApiFailure {
  return typeof result.error_message === 'string';
}
