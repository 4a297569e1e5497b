/**
 * The error catalogue (SPEC §8): one code table, its HTTP status and its text in every language.
 * The server answers failures with these codes; the browser shows `message` and maps `details` to fields.
 */
export const errorCodes = [
  'FAILED_VALIDATION',
  'ACCESS_DENIED',
  'INVALID_GRANT',
  'UNAUTHORIZED',
  'INVALID_OTP',
  'INVALID_PAYLOAD',
  'INVALID_QUERY',
  'REQUESTS_EXCEEDED',
  'ROUTE_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'FETCH_DATA_FAILED',
  'CREATE_FAILED',
  'UPDATE_FAILED',
  'DELETE_FAILED',
  'NO_RESULT',
  'CONFLICT',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export type Language = 'en' | 'zh';
export const languages: readonly Language[] = ['en', 'zh'];
export const defaultLanguage: Language = 'en';

interface CatalogueEntry {
  status: number;
  en: string;
  zh: string;
}

export const errorCatalogue: Record<ErrorCode, CatalogueEntry> = {
  FAILED_VALIDATION: { status: 400, en: 'Validation for this particular item failed', zh: '此项验证失败' },
  ACCESS_DENIED: { status: 403, en: 'You are not allowed to do the current action', zh: '您无权执行当前操作' },
  INVALID_GRANT: {
    status: 400,
    en: 'Username / password or access token is wrong',
    zh: '用户名/密码或访问令牌错误',
  },
  UNAUTHORIZED: { status: 401, en: 'Your session has expired, please sign in again', zh: '您的登录已过期，请重新登录' },
  INVALID_OTP: { status: 400, en: 'Wrong OTP was provided', zh: '验证码错误' },
  INVALID_PAYLOAD: { status: 400, en: 'Provided payload is invalid', zh: '提交的数据无效' },
  INVALID_QUERY: { status: 400, en: 'The requested query parameters can not be used', zh: '请求的查询参数无法使用' },
  REQUESTS_EXCEEDED: { status: 429, en: 'Hit rate limit; Too many requests', zh: '请求过于频繁，请稍后再试' },
  ROUTE_NOT_FOUND: { status: 404, en: 'Endpoint does not exist', zh: '接口不存在' },
  SERVICE_UNAVAILABLE: { status: 503, en: 'Could not use external service', zh: '无法使用外部服务' },
  FETCH_DATA_FAILED: { status: 404, en: 'Could not fetch data.', zh: '无法获取数据。' },
  CREATE_FAILED: { status: 400, en: 'Did not create.', zh: '创建失败。' },
  UPDATE_FAILED: { status: 400, en: 'Did not update.', zh: '更新失败。' },
  DELETE_FAILED: { status: 400, en: 'Did not delete.', zh: '删除失败。' },
  NO_RESULT: { status: 404, en: 'There is no result.', zh: '没有结果。' },
  CONFLICT: { status: 409, en: 'This conflicts with an existing record.', zh: '与现有记录冲突。' },
  INTERNAL_ERROR: {
    status: 500,
    en: 'Something went wrong on our side. Please try again.',
    zh: '服务器出现问题，请稍后重试。',
  },
};

/** Body status code that, like HTTP 401, tells the browser the session is over (SPEC §4). */
export const SESSION_EXPIRED_STATUS_CODE = 6;

export interface FieldError {
  field: string;
  message: string;
}

/** The failure body every endpoint answers with. `Message` is the spelling older clients read. */
export interface ErrorBody {
  isSuccess: false;
  code: ErrorCode;
  message: string;
  Message: string;
  statusCode?: number;
  details?: FieldError[];
}

export function errorText(code: ErrorCode, language: Language): string {
  return errorCatalogue[code][language];
}

export function pickLanguage(header: string | undefined | null): Language {
  if (!header) return defaultLanguage;
  for (const part of header.split(',')) {
    const tag = part.trim().split(';')[0]?.toLowerCase() ?? '';
    if (tag.startsWith('zh')) return 'zh';
    if (tag.startsWith('en')) return 'en';
  }
  return defaultLanguage;
}
