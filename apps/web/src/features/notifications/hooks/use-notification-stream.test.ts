import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useNotificationStream } from './use-notification-stream';

const api = vi.hoisted(() => ({ openStreamTicket: vi.fn(), refreshNotifications: vi.fn() }));
vi.mock('../api/notifications', () => api);

/** An EventSource the test drives: it opens nothing, and says what the server would. */
class FakeEventSource {
  static made: FakeEventSource[] = [];
  private listeners = new Map<string, (event: MessageEvent) => void>();
  onopen: (() => void) | null = null;
  onerror: (() => void) | null = null;
  closed = false;
  constructor(readonly url: string) {
    FakeEventSource.made.push(this);
  }
  addEventListener(name: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  say(name: string, data: object) {
    this.listeners.get(name)?.(new MessageEvent(name, { data: JSON.stringify(data) }));
  }
}

const streams = () => FakeEventSource.made;
const settle = () => act(() => vi.advanceTimersByTimeAsync(0));
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

beforeEach(() => {
  vi.useFakeTimers();
  vi.spyOn(Math, 'random').mockReturnValue(0.5);
  vi.stubGlobal('EventSource', FakeEventSource);
  FakeEventSource.made = [];
  let n = 0;
  api.openStreamTicket.mockImplementation(() => Promise.resolve({ ticket: `ticket-${++n}`, expiresAt: 0 }));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  api.openStreamTicket.mockReset();
});

describe('the live stream in the browser (issue 26)', () => {
  it('a stream the server replaced stays closed until the page is focused or shown again: no loop between tabs', async () => {
    renderHook(() => useNotificationStream(true));
    await settle();
    expect(streams()).toHaveLength(1);
    streams()[0]!.say('closed', { reason: 'replaced' });
    expect(streams()[0]!.closed).toBe(true);
    await wait(10 * 60_000);
    expect(streams()).toHaveLength(1);
    expect(api.openStreamTicket).toHaveBeenCalledTimes(1);

    window.dispatchEvent(new Event('focus'));
    await settle();
    expect(streams()).toHaveLength(2);
    expect(streams()[1]!.url).toContain('ticket=ticket-2');
    // Once it is open again, looking at the page opens nothing more.
    window.dispatchEvent(new Event('focus'));
    document.dispatchEvent(new Event('visibilitychange'));
    await settle();
    expect(streams()).toHaveLength(2);
  });

  it('a stream closed because its session ended asks for a ticket at once (a 401 signs the page out)', async () => {
    renderHook(() => useNotificationStream(true));
    await settle();
    streams()[0]!.say('closed', { reason: 'signedOut' });
    await settle();
    expect(api.openStreamTicket).toHaveBeenCalledTimes(2);
  });

  it('a refused or dropped stream is retried after 3 s, doubling while it fails, and from 3 s again once one opened', async () => {
    renderHook(() => useNotificationStream(true));
    await settle();
    const reopenedAfter = async (ms: number) => {
      const before = streams().length;
      streams().at(-1)!.onerror!();
      await wait(ms - 1);
      expect(streams(), `not before ${ms} ms`).toHaveLength(before);
      await wait(1);
      expect(streams(), `after ${ms} ms`).toHaveLength(before + 1);
    };
    await reopenedAfter(3000);
    await reopenedAfter(6000);
    await reopenedAfter(12_000);
    streams().at(-1)!.onopen!();
    await reopenedAfter(3000);
  });

  it('stops when the page signs out or leaves', async () => {
    const { unmount } = renderHook(() => useNotificationStream(true));
    await settle();
    streams()[0]!.say('closed', { reason: 'replaced' });
    unmount();
    window.dispatchEvent(new Event('focus'));
    await wait(60_000);
    expect(streams()).toHaveLength(1);
  });
});
