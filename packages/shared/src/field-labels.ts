import type { Language } from './errors.ts';

/** How a field is named inside a validation text, per language. Unlisted fields are humanised. */
const labels: Record<string, { en: string; zh: string }> = {
  userName: { en: 'User name', zh: '用户名' },
  password: { en: 'Password', zh: '密码' },
  oldPassword: { en: 'Old password', zh: '旧密码' },
  newPassword: { en: 'New password', zh: '新密码' },
  confirmPassword: { en: 'Confirm password', zh: '确认密码' },
  fullName: { en: 'Full name', zh: '姓名' },
  nickName: { en: 'Nickname', zh: '昵称' },
  phoneNumber: { en: 'Phone number', zh: '电话号码' },
  emailAddress: { en: 'Email address', zh: '电子邮箱' },
  role: { en: 'Role', zh: '角色' },
  baseType: { en: 'Base type', zh: '基础类型' },
  page: { en: 'Page', zh: '页' },
  index: { en: 'Page index', zh: '页码' },
  size: { en: 'Page size', zh: '每页条数' },
  where: { en: 'Filter', zh: '筛选条件' },
  order: { en: 'Order', zh: '排序' },
  column: { en: 'Column', zh: '列' },
  operand: { en: 'Value', zh: '值' },
  comparison: { en: 'Comparison', zh: '比较方式' },
  refresh_token: { en: 'Refresh token', zh: '刷新令牌' },
};

export function fieldLabel(field: string, language: Language): string {
  const known = labels[field];
  if (known) return known[language];
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[_-]+/g, ' ').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Later modules add their own field names here at import time. */
export function registerFieldLabels(more: Record<string, { en: string; zh: string }>): void {
  Object.assign(labels, more);
}
