/** Calendar feeds (issue 29). Combined in `messages.ts`. */
export const en = {
  calendarFeedMade: 'New calendar feed address made; the previous one no longer works.',
  calendarFeedOnline: 'Online class: {link}',
} as const;

export const zh: Record<keyof typeof en, string> = {
  calendarFeedMade: '已生成新的日历订阅地址，旧地址已失效。',
  calendarFeedOnline: '线上课程：{link}',
};
