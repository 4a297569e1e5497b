import type { WebhookStyle } from '@tutoria/shared';

const TIMEOUT_MS = 10_000;

/** The JSON a group-chat bot takes: Slack's incoming webhook or WeCom's group robot. */
export function webhookBody(style: WebhookStyle, text: string): object {
  return style === 'wecom' ? { msgtype: 'text', text: { content: text } } : { text };
}

/**
 * Posts one message to the centre's group-chat webhook; throws unless the bot accepted it (a
 * 2xx answer, and for WeCom `errcode` 0 in the body, since it answers 200 to a refusal too).
 */
export async function postToWebhook(url: string, style: WebhookStyle, text: string): Promise<void> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(webhookBody(style, text)),
    redirect: 'error',
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const answer = await response.text();
  if (!response.ok) throw new Error(`webhook answered HTTP ${response.status}`);
  if (style === 'wecom') {
    const errcode = errcodeOf(answer);
    if (errcode !== undefined && errcode !== 0) throw new Error(`webhook answered errcode ${errcode}`);
  }
}

function errcodeOf(answer: string): unknown {
  try {
    return (JSON.parse(answer) as { errcode?: unknown }).errcode;
  } catch {
    return undefined;
  }
}
