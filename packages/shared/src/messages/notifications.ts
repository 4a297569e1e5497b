/** Notifications, course plans, surveys and delivery channels (issue 12). Combined in `messages.ts`. */
export const en = {
  // Notifications (issue 12)
  selectMessages: 'Please select notifications',
  chooseRecipients: 'Choose the recipients: users, a role or a class (one of them).',
  unknownRecipients: '{attribute}: some of these users do not exist or are not active.',
  noRecipients: 'Nobody would receive this notification.',
  notificationsSent: 'Notification sent to {count} user(s).',
  notificationsRead: 'Marked as read.',
  streamsFull: 'Live notifications are at capacity on this server; the page will try again shortly.',
  // progress stage: course plans and applications (issue 12)
  coursePlanSaved: 'Course plan saved.',
  coursePlanDeleted: 'Course plan entry deleted.',
  applicationSaved: 'Application saved.',
  applicationDeleted: 'Application deleted.',
  applicationStatusOrder:
    'An application can not move from {from} to {to}: it moves forward (Preparing → Submitted → Interview → Offer → Accepted), or ends as Rejected or Withdrawn.',
  statusDateBeforeStage: '{attribute} can not be before the previous stage ({date}).',
  // surveys (issue 12)
  surveyQuestionsMismatch: 'Answer each current question exactly once.',
  surveyQuestionsLimit: 'A survey has at most {max} questions.',
  surveyNoQuestions: 'Write at least one question before opening a round.',
  surveyRoundOpen: 'Another survey round is open: close it first.',
  surveyRoundClosed: 'This survey round is closed: answers can no longer be given or changed.',
  surveyQuestionSaved: 'Question saved.',
  surveyQuestionRemoved: 'Question removed.',
  surveyQuestionsReordered: 'Order saved.',
  surveyRoundOpened: 'Survey round opened.',
  surveyRoundClosedDone: 'Survey round closed.',
  surveySaved: 'Thank you: your answers are saved.',
  surveyQuestionTextOne: 'Write the question in English, in Chinese or in both.',
  // notification channels (issue 12, channels)
  channelChoicesSaved: 'Your notification channels are saved.',
  webhookSaved: 'The group-chat webhook is saved.',
  webhookTestSent: 'The test message went through.',
  webhookTestFailed: 'The test message did not go through: {error}',
  webhookTestText: '{app}: a test message from the notification settings.',
  notificationMailSubject: '{app}: {message}',
  notificationMailFooter:
    'You chose to receive these notifications by e-mail; change it on your notifications page.',
  notificationWebhookText: '[{app}] {name}: {message}',
  noEmailAddress: 'You have no e-mail address: ask the centre to add one before choosing e-mail.',
} as const;

export const zh: Record<keyof typeof en, string> = {
  // Notifications (issue 12)
  selectMessages: '请选择通知',
  chooseRecipients: '请选择接收人：用户、角色或班级（三选一）。',
  unknownRecipients: '{attribute}：部分用户不存在或未启用。',
  noRecipients: '没有人会收到此通知。',
  notificationsSent: '通知已发送给 {count} 位用户。',
  notificationsRead: '已标记为已读。',
  streamsFull: '此服务器的实时连接已满，页面稍后会自动重试。',
  // progress stage: course plans and applications (issue 12)
  coursePlanSaved: '课程规划已保存。',
  coursePlanDeleted: '课程规划条目已删除。',
  applicationSaved: '申请已保存。',
  applicationDeleted: '申请已删除。',
  applicationStatusOrder:
    '申请状态不能从 {from} 改为 {to}：状态只能向前推进（准备中 → 已提交 → 面试 → 录取通知 → 已接受），或以被拒绝、已撤回结束。',
  statusDateBeforeStage: '{attribute}不能早于上一阶段的日期（{date}）。',
  // surveys (issue 12)
  surveyQuestionsMismatch: '每个当前问题须回答且只回答一次。',
  surveyQuestionsLimit: '问卷最多有 {max} 个问题。',
  surveyNoQuestions: '开启一轮问卷前请至少写一个问题。',
  surveyRoundOpen: '另一轮问卷正在进行：请先关闭它。',
  surveyRoundClosed: '这一轮问卷已关闭：不能再提交或修改回答。',
  surveyQuestionSaved: '问题已保存。',
  surveyQuestionRemoved: '问题已删除。',
  surveyQuestionsReordered: '顺序已保存。',
  surveyRoundOpened: '问卷已开启。',
  surveyRoundClosedDone: '问卷已关闭。',
  surveySaved: '谢谢：您的回答已保存。',
  surveyQuestionTextOne: '请用英文或中文（或两者）写下问题。',
  // notification channels (issue 12, channels)
  channelChoicesSaved: '通知渠道已保存。',
  webhookSaved: '群聊 Webhook 已保存。',
  webhookTestSent: '测试消息已发送成功。',
  webhookTestFailed: '测试消息发送失败：{error}',
  webhookTestText: '{app}：来自通知设置的测试消息。',
  notificationMailSubject: '{app}：{message}',
  notificationMailFooter: '您选择了通过邮件接收这些通知；可在通知页面修改。',
  notificationWebhookText: '[{app}] {name}：{message}',
  noEmailAddress: '您还没有邮箱地址：请先让中心为您添加，再选择邮件。',
};
