import type { Language } from './errors.ts';

/**
 * The texts of the general input rules (SPEC §5), part of `messages` (messages.ts spreads them in),
 * kept in a file of their own so the sign-in page can word its two fields' errors without loading
 * every area's texts (issue 9). Area texts go to messages.ts.
 */
const en = {
  required: '{attribute} can not be empty.',
  alpha: '{attribute} may only contain letters.',
  alphaNum: '{attribute} may only contain letters and numbers.',
  alphaDash: '{attribute} may only contain letters, numbers, dashes and underscores.',
  alphaSpaces: '{attribute} may only contain letters and spaces.',
  between: '{attribute} must be between {min} and {max} characters.',
  confirmed: '{attribute} dose not match.',
  digits: '{attribute} must be {length} digits.',
  length: '{attribute} must be exactly {length} characters.',
  email: 'Must be a valid email address.',
  image: '{attribute} must be an image.',
  mimes: '{attribute} must be a valid format.',
  size: '{attribute} must be at most {size} KB.',
  maxValue: '{attribute} must be at most {max}.',
  minValue: '{attribute} must be at least {min}.',
  minLength: '{attribute} must be at least {min} characters.',
  maxLength: '{attribute} may not be longer than {max} characters.',
  numeric: '{attribute} must be a number.',
  decimal: '{attribute} must be a decimal number with at most {places} decimals.',
  password:
    '{attribute} needs an upper-case letter, a lower-case letter, a special character (# $ @ %) and a number.',
  sameAsPassword: 'must be same as password.',
  phoneCode: 'must start with country code',
  url: 'must start with http:// or https://',
  invalidValue: '{attribute} is not valid.',
  unknownField: '{attribute} is not an accepted field.',
  textCharacters: '{attribute} contains characters that are not allowed.',
} as const;

export type RuleMessageKey = keyof typeof en;

const zh: Record<RuleMessageKey, string> = {
  required: '{attribute}不能为空。',
  alpha: '{attribute}只能包含字母。',
  alphaNum: '{attribute}只能包含字母和数字。',
  alphaDash: '{attribute}只能包含字母、数字、短横线和下划线。',
  alphaSpaces: '{attribute}只能包含字母和空格。',
  between: '{attribute}长度必须在 {min} 到 {max} 个字符之间。',
  confirmed: '{attribute}不匹配。',
  digits: '{attribute}必须是 {length} 位数字。',
  length: '{attribute}长度必须为 {length} 个字符。',
  email: '必须是有效的电子邮件地址。',
  image: '{attribute}必须是图片。',
  mimes: '{attribute}必须是有效的格式。',
  size: '{attribute}不能超过 {size} KB。',
  maxValue: '{attribute}不能大于 {max}。',
  minValue: '{attribute}不能小于 {min}。',
  minLength: '{attribute}至少需要 {min} 个字符。',
  maxLength: '{attribute}不能超过 {max} 个字符。',
  numeric: '{attribute}必须是数字。',
  decimal: '{attribute}必须是最多 {places} 位小数的数字。',
  password: '{attribute}需要包含大写字母、小写字母、特殊字符（# $ @ %）和数字。',
  sameAsPassword: '必须与密码相同。',
  phoneCode: '必须以国家代码开头',
  url: '必须以 http:// 或 https:// 开头',
  invalidValue: '{attribute}无效。',
  unknownField: '{attribute}不是可接受的字段。',
  textCharacters: '{attribute}包含不允许的字符。',
};

export const ruleMessages = { en, zh } satisfies Record<Language, Record<RuleMessageKey, string>>;

/** Fills a text's `{name}` slots; a slot without a value stays as written. */
export function fillSlots(text: string, values: Record<string, string | number> = {}): string {
  return text.replace(/\{(\w+)\}/g, (slot, name: string) => (name in values ? String(values[name]) : slot));
}
