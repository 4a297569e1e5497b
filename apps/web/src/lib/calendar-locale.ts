import zhCnLocale from '@fullcalendar/react/locales/zh-cn';
import type { Language } from '@tutoria/shared';

/**
 * FullCalendar's `zh-cn` locale with the texts it leaves to English — screen-reader hints
 * ("Timed", "Close", "Previous week"…) included — so nothing on the calendar stays English
 * (issue #13). English uses FullCalendar's own en-gb texts.
 */
const zhCn = {
  ...zhCnLocale,
  prevYearText: '上一年',
  nextYearText: '下一年',
  weekTextShort: '周',
  closeHint: '关闭',
  eventsHint: '日程',
  timedText: '非全天',
  todayHint: (unitText: string, unit: string) => (unit === 'day' ? '今天' : `本${unitText}`),
  prevHint: '上一$0',
  nextHint: '下一$0',
  viewHint: '$0视图',
  viewChangeHint: '切换视图',
  navLinkHint: '前往 $0',
  moreLinkHint: (count: number) => `另外 ${count} 个日程`,
};

export function calendarLocale(language: Language) {
  return language === 'zh' ? zhCn : 'en-gb';
}
